package org.fsflow.summary;

import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * A quantile of a sample with its percentile-bootstrap 95 % interval: the sample resampled with
 * replacement {@link #RESAMPLES} times from a fixed seed (the same data give the same interval,
 * so reports render byte for byte), the quantile of each resample taken, and the 2.5th and 97.5th
 * percentiles of those. Quantiles are R's type 7 (commons-math's {@code R_7}), as R's
 * {@code quantile()} computes them by default.
 *
 * @param value the quantile of the sample
 * @param low   the interval's lower end
 * @param high  its upper end
 * @param n     the sample's size
 */
public record Bootstrap(double value, double low, double high, int n) {

    /** Resamples per interval. */
    public static final int RESAMPLES = 2000;

    private static final long SEED = 20261201L;

    /** The {@code p}-th percentile (0 to 100) of {@code sample} with its interval; NaN for an empty sample. */
    public static Bootstrap of(double[] sample, double p) {
        int n = sample.length;
        if (n == 0) {
            return new Bootstrap(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        Percentile q = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        double value = q.evaluate(sample, p);
        RandomGenerator random = new Well19937c(SEED);
        double[] stats = new double[RESAMPLES];
        double[] resample = new double[n];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int i = 0; i < n; i++) {
                resample[i] = sample[random.nextInt(n)];
            }
            stats[b] = q.evaluate(resample, p);
        }
        return new Bootstrap(value, q.evaluate(stats, 2.5), q.evaluate(stats, 97.5), n);
    }
}
