package org.fsflow.summary;

import org.apache.commons.math3.distribution.TDistribution;
import org.fsflow.result.Summary;

/**
 * Two one-sided tests (TOST) that the ratio of two means lies within [1 / m, m]: one Welch
 * statistic against each bound of the ratio, {@code (a - θ b) / sqrt(va + θ² vb)} with
 * Welch-Satterthwaite's degrees of freedom (the statistic Fieller's interval inverts), each tested
 * one-sided; the TOST p-value is the larger of the two. Equivalent at 5 % when it is below 0.05,
 * which is the ratio's 90 % Fieller interval lying within the margin.
 */
public final class Equivalence {

    /** The default margin: the sides are equivalent when their ratio lies within ×1/1.10 to ×1.10. */
    public static final double MARGIN = 1.10;

    private Equivalence() {}

    /**
     * The TOST p-value that {@code num.mean / den.mean} lies within [1 / margin, margin]; NaN when
     * a side has fewer than two values or neither varies (then {@link Deterministic} decides).
     */
    static double p(Summary num, Summary den, double margin) {
        if (num.n() < 2 || den.n() < 2) {
            return Double.NaN;
        }
        double va = num.sd() * num.sd() / num.n();
        double vb = den.sd() * den.sd() / den.n();
        if (va == 0 && vb == 0) {
            return Double.NaN;
        }
        double above = oneSided(num.mean(), den.mean(), va, vb, num.n(), den.n(), 1 / margin);
        double below = oneSided(-num.mean(), -den.mean(), va, vb, num.n(), den.n(), margin);
        return Math.max(above, below);
    }

    // H0: a / b <= theta (for negated means: a / b >= theta), against the alternative beyond theta
    private static double oneSided(double a, double b, double va, double vb, int na, int nb, double theta) {
        double vt = vb * theta * theta;
        double t = (a - theta * b) / Math.sqrt(va + vt);
        double num = (va + vt) * (va + vt);
        double den = va * va / (na - 1) + vt * vt / (nb - 1);
        return 1 - new TDistribution(null, num / den).cumulativeProbability(t);
    }
}
