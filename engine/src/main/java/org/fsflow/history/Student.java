package org.fsflow.history;

import org.apache.commons.math3.stat.inference.TTest;
import org.fsflow.result.Summary;
import org.fsflow.result.Welch;

/**
 * The two-sided p-value of Student's t-test between two segments of a series, with their variances
 * pooled (commons-math3): under the hypothesis tested, no change, both segments come from one
 * distribution, and the pooled variance keeps a short segment whose few values happen to agree
 * from looking significant, which Welch's separate variances would let it. Constant segments are
 * left to {@link Welch#pValue}: NaN for the same constant, the exact permutation p-value for two.
 */
final class Student {

    private Student() {}

    static double pValue(Summary a, Summary b) {
        if (a.n() + b.n() < 3 || (a.sd() == 0 || a.n() < 2) && (b.sd() == 0 || b.n() < 2)) {
            return a.n() < 2 || b.n() < 2 ? Double.NaN : Welch.pValue(a, b);
        }
        return new TTest().homoscedasticTTest(a.values(), b.values());
    }
}
