package org.fsflow.result;

import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * The two-sided p-value of Welch's t-test (unequal variances) between two series, by
 * commons-math3. Constant series have no variance for t to use: identical constants (zero faults
 * on both sides) are no hypothesis at all and give NaN, so that they do not dilute the
 * false-discovery control; different constants (0 ms busy in one run, 1 ms in the other) get the
 * exact two-sided permutation p-value of two completely separated samples,
 * {@code 2 / C(n1 + n2, n1)}: with coarse counters such a split happens by chance, and three
 * values a side (p = 0.1) can never be significant.
 */
public final class Welch {

    private Welch() {}

    /** The p-value, or NaN when a side has fewer than two values or both are the same constant. */
    public static double pValue(Summary a, Summary b) {
        if (a.n() < 2 || b.n() < 2) {
            return Double.NaN;
        }
        if (!finite(a) || !finite(b)) {
            return Double.NaN; // a variance beyond a double (values near 1e308) tests nothing
        }
        if (a.sd() == 0 && b.sd() == 0) {
            return a.mean() == b.mean()
                    ? Double.NaN
                    : Math.min(1, 2 / CombinatoricsUtils.binomialCoefficientDouble(a.n() + b.n(), a.n()));
        }
        return a.welchP(b);
    }

    private static boolean finite(Summary s) {
        return Double.isFinite(s.mean()) && Double.isFinite(s.sd() * s.sd());
    }
}
