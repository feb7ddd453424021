package org.fsflow.compare;

import org.apache.commons.math3.stat.inference.TTest;
import org.fsflow.result.Summary;

/**
 * The two-sided p-value of Welch's t-test (unequal variances) between two series, by
 * commons-math3. Constant series cannot be tested by t: different constants give 0 (no noise can
 * explain them), which is how the run report's "≈" already decides; identical constants (zero
 * faults on both sides) are no hypothesis at all and give NaN, so that they do not dilute the
 * false-discovery control.
 */
public final class Welch {

    private Welch() {
    }

    /** The p-value, or NaN when a side has fewer than two values or both are the same constant. */
    public static double pValue(Summary a, Summary b) {
        if (a.n() < 2 || b.n() < 2) {
            return Double.NaN;
        }
        if (a.sd() == 0 && b.sd() == 0) {
            return a.mean() == b.mean() ? Double.NaN : 0;
        }
        return new TTest().tTest(a.values(), b.values());
    }
}
