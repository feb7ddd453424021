package org.fsflow.result;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The 95 % confidence interval of the ratio of two independent means, {@code mean(other) /
 * mean(base)}, by Fieller's theorem with unequal variances (Tamhane and Logan 2004, as R's
 * {@code mratios} computes it): the set of ratios r for which the Welch statistic
 * {@code (a - r b) / sqrt(va + r² vb)} stays within Student's t quantile, its degrees of freedom
 * by Welch-Satterthwaite at the estimated ratio. Exact for normal means, asymmetric like a ratio
 * should be, and unbounded when the baseline mean is not itself distinguishable from zero.
 */
public final class Fieller {

    /**
     * An interval.
     *
     * @param ratio the point estimate {@code a / b}
     * @param low   lower bound, NaN when there is none (fewer than two values, or unbounded)
     * @param high  upper bound, NaN likewise
     */
    public record Interval(double ratio, double low, double high) {

        /** True when both bounds exist. */
        public boolean bounded() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }
    }

    private Fieller() {}

    /** The interval of {@code other.mean / base.mean}. */
    public static Interval ratio(Summary other, Summary base) {
        double a = other.mean();
        double b = base.mean();
        double r = a / b;
        if (other.n() < 2 || base.n() < 2 || b == 0) {
            return new Interval(r, Double.NaN, Double.NaN);
        }
        double va = other.sd() * other.sd() / other.n();
        double vb = base.sd() * base.sd() / base.n();
        if (va == 0 && vb == 0) {
            return new Interval(r, r, r);
        }
        double df = welchDf(va, other.n(), r * r * vb, base.n());
        if (!Double.isFinite(df) || df <= 0 || !Double.isFinite(va) || !Double.isFinite(vb)) {
            // values so large that their variance overflows a double: no interval, not a failure
            return new Interval(r, Double.NaN, Double.NaN);
        }
        double t = tQuantile(df);
        double denominator = b * b - t * t * vb;
        double discriminant = a * a * vb + b * b * va - t * t * va * vb;
        if (denominator <= 0 || discriminant < 0) {
            return new Interval(r, Double.NaN, Double.NaN);
        }
        double half = t * Math.sqrt(discriminant);
        double low = (a * b - half) / denominator;
        double high = (a * b + half) / denominator;
        return new Interval(r, Math.min(low, high), Math.max(low, high));
    }

    // Welch-Satterthwaite degrees of freedom of the variance v1 + v2 (each of the mean of n values)
    static double welchDf(double v1, int n1, double v2, int n2) {
        double num = (v1 + v2) * (v1 + v2);
        double den = v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1);
        return den == 0 ? n1 + n2 - 2 : num / den;
    }

    static double tQuantile(double df) {
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - Summary.CONFIDENCE) / 2);
    }
}
