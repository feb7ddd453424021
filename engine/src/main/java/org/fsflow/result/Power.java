package org.fsflow.result;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The power of Welch's t-test on the logarithms of two series, by the noncentral t distribution:
 * with per-side standard deviations {@code sA}, {@code sB} of the log values and {@code nA},
 * {@code nB} values, a true ratio r gives the statistic a noncentral t with noncentrality
 * {@code λ = |ln r| / sqrt(sA²/nA + sB²/nB)} and Welch-Satterthwaite's degrees of freedom. Its
 * upper tail {@code P(T' > c) = ∫ g(s) (1 - Φ(c s - λ)) ds} (s = sqrt(χ²_ν / ν), g its density)
 * is integrated numerically with commons-math3's distributions and Gauss-Legendre integrator.
 */
public final class Power {

    /** The power every figure is stated at. */
    public static final double TARGET = 0.80;
    /** Beyond this many repetitions per side, a search for the needed n stops ({@link #BEYOND}). */
    public static final int SEARCH_LIMIT = 10_000;
    /** What {@link #repetitions} returns when not even {@link #SEARCH_LIMIT} per side would do. */
    public static final int BEYOND = Integer.MAX_VALUE;

    // above this many degrees of freedom the t is a normal to far better than the figures printed
    private static final double NORMAL_DF = 1e5;
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    // the integral of the noncentral t's tail: PIECES pieces of a POINTS-point Gauss-Legendre rule
    private static final int PIECES = 24;
    private static final int POINTS = 16;
    private static final GaussIntegratorFactory RULES = new GaussIntegratorFactory();

    private Power() {}

    /**
     * The noise of a comparison: each side's standard deviation of its log values and its n.
     *
     * @param sdA standard deviation of side A's log values
     * @param nA  side A's number of values
     * @param sdB the same of side B
     * @param nB  side B's number of values
     */
    public record Noise(double sdA, int nA, double sdB, int nB) {

        /** The same noise at {@code n} values per side. */
        public Noise at(int n) {
            return new Noise(sdA, n, sdB, n);
        }

        /** The standard error of the difference of the mean logs. */
        public double se() {
            return Math.sqrt(sdA * sdA / nA + sdB * sdB / nB);
        }

        /** Welch-Satterthwaite's degrees of freedom. */
        public double df() {
            double va = sdA * sdA / nA;
            double vb = sdB * sdB / nB;
            double den = va * va / (nA - 1) + vb * vb / (nB - 1);
            return den == 0 ? nA + nB - 2 : (va + vb) * (va + vb) / den;
        }
    }

    /**
     * The standard deviation of the log values of a series with coefficient of variation
     * {@code cv}: {@code sqrt(ln(1 + cv²))}, exact for a lognormal series, about cv when it is small.
     */
    public static double logSd(double cv) {
        return Math.sqrt(Math.log1p(cv * cv));
    }

    /** The probability that the test at {@code level} rejects when the true log ratio is {@code distance}. */
    public static double of(double distance, Noise noise, double level, boolean twoSided) {
        double df = noise.df();
        double lambda = Math.abs(distance) / noise.se();
        double c = critical(df, twoSided ? level / 2 : level);
        double power = upperTail(c, df, lambda);
        // the other tail: a two-sided test also rejects on the wrong side (tiny once λ is of any size)
        return twoSided ? power + upperTail(c, df, -lambda) : power;
    }

    /** The smallest log ratio detected with {@link #TARGET} power at {@code level}; NaN without noise. */
    public static double detectable(Noise noise, double level, boolean twoSided) {
        if (!(noise.se() > 0) || !Double.isFinite(noise.se())) {
            return Double.NaN;
        }
        double df = noise.df();
        double c = critical(df, twoSided ? level / 2 : level);
        double lambda = new BrentSolver(1e-7)
                .solve(200, l -> upperTail(c, df, l) + (twoSided ? upperTail(c, df, -l) : 0) - TARGET, 0, c + 20);
        return lambda * noise.se();
    }

    /**
     * The fewest values per side (the same on both, each side with its own noise) at which the log
     * ratio {@code distance} is detected with {@link #TARGET} power at {@code level}; {@link #BEYOND}
     * when not even {@link #SEARCH_LIMIT} would.
     */
    public static int repetitions(double distance, Noise noise, double level, boolean twoSided) {
        if (!(Math.abs(distance) > 0) || !Double.isFinite(noise.se())) {
            return BEYOND;
        }
        // the normal approximation, which the t only raises: start there and walk to the exact n
        double z = NORMAL.inverseCumulativeProbability(1 - (twoSided ? level / 2 : level))
                + NORMAL.inverseCumulativeProbability(TARGET);
        double perSide = noise.sdA() * noise.sdA() + noise.sdB() * noise.sdB();
        double guess = Math.ceil(z * z * perSide / (distance * distance));
        if (!(guess <= SEARCH_LIMIT)) {
            return BEYOND;
        }
        int n = Math.max(2, (int) guess);
        while (n > 2 && of(distance, noise.at(n - 1), level, twoSided) >= TARGET) {
            n--;
        }
        while (n <= SEARCH_LIMIT && of(distance, noise.at(n), level, twoSided) < TARGET) {
            n++;
        }
        return n > SEARCH_LIMIT ? BEYOND : n;
    }

    /** The t quantile a test at one-tail level {@code tail} compares its statistic with. */
    static double critical(double df, double tail) {
        return df > NORMAL_DF
                ? NORMAL.inverseCumulativeProbability(1 - tail)
                : new TDistribution(null, df).inverseCumulativeProbability(1 - tail);
    }

    /** {@code P(T' > c)} of the noncentral t with {@code df} degrees of freedom and noncentrality {@code lambda}. */
    static double upperTail(double c, double df, double lambda) {
        if (df > NORMAL_DF) {
            return 1 - NORMAL.cumulativeProbability(c - lambda);
        }
        ChiSquaredDistribution chi = new ChiSquaredDistribution(null, df);
        // s = sqrt(χ²/ν) has density 2 ν s f(ν s²) and lies near 1, within a few 1/sqrt(2ν); as s = w²,
        // the integrand is smooth at 0 even for ν < 2, where f is not, so a fixed Gauss-Legendre rule suffices
        UnivariateFunction integrand = w -> {
            double s = w * w;
            return 4 * df * s * w * chi.density(df * s * s) * (1 - NORMAL.cumulativeProbability(c * s - lambda));
        };
        double width = 12 / Math.sqrt(2 * df);
        double from = Math.sqrt(Math.max(0, 1 - width));
        double to = Math.sqrt(1 + width + (df < 10 ? 4 : 0));
        double sum = 0;
        double step = (to - from) / PIECES;
        for (int i = 0; i < PIECES; i++) {
            sum += RULES.legendre(POINTS, from + i * step, from + (i + 1) * step)
                    .integrate(integrand);
        }
        return sum;
    }
}
