package org.fsflow.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.StatisticalSummaryValues;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * The statistics of one series of measurements (one metric of one step of one filesystem of one
 * dataset, over its repetitions). Failed and skipped rows never enter a series.
 *
 * @param n        number of values
 * @param mean     arithmetic mean
 * @param median   median
 * @param sd       sample standard deviation (n - 1), NaN for n &lt; 2
 * @param min      smallest value
 * @param max      largest value
 * @param cv       coefficient of variation, sd / mean, NaN when undefined
 * @param ciLow    lower bound of the 95 % confidence interval of the mean (Student t), NaN for n &lt; 2
 * @param ciHigh   upper bound
 * @param outliers indexes of the values whose modified z-score exceeds 3.5 (Iglewicz and Hoaglin);
 *                 none when only the moments were kept
 * @param values   the values, in repetition order; empty when only the moments were kept (every
 *                 figure of a series but its real time: {@link Series#summary})
 */
public record Summary(
        int n,
        double mean,
        double median,
        double sd,
        double min,
        double max,
        double cv,
        double ciLow,
        double ciHigh,
        List<Integer> outliers,
        double[] values) {

    /** Confidence level of the intervals. */
    public static final double CONFIDENCE = 0.95;
    /** Modified z-score above which a value is flagged as an outlier. */
    public static final double OUTLIER_Z = 3.5;
    /** Significance level of the Welch test between two filesystems. */
    public static final double ALPHA = 0.05;

    /** The statistics of {@code values} (at least one). */
    public static Summary of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(values).sum() / n;
        double median = median(sorted);
        double sd = Double.NaN;
        double ciLow = Double.NaN;
        double ciHigh = Double.NaN;
        if (n >= 2) {
            double ss = 0;
            for (double v : values) {
                ss += (v - mean) * (v - mean);
            }
            sd = Math.sqrt(ss / (n - 1));
            double t = tQuantile(n - 1);
            double half = t * sd / Math.sqrt(n);
            ciLow = mean - half;
            ciHigh = mean + half;
        }
        double cv = n >= 2 && mean != 0 ? sd / Math.abs(mean) : Double.NaN;
        return new Summary(
                n,
                mean,
                median,
                sd,
                sorted[0],
                sorted[n - 1],
                cv,
                ciLow,
                ciHigh,
                outliers(values, median),
                values.clone());
    }

    /**
     * The statistics of a figure whose values were not kept, from its running {@code moments} (at
     * least one value): no median (NaN), no outliers, no values.
     */
    public static Summary of(Moments moments) {
        int n = moments.n();
        if (n == 0) {
            throw new IllegalArgumentException("no values");
        }
        double mean = moments.mean();
        double sd = n >= 2 ? Math.sqrt(moments.variance()) : Double.NaN;
        double half = n >= 2 ? tQuantile(n - 1) * sd / Math.sqrt(n) : Double.NaN;
        return new Summary(
                n,
                mean,
                Double.NaN,
                sd,
                moments.min(),
                moments.max(),
                n >= 2 && mean != 0 ? sd / Math.abs(mean) : Double.NaN,
                mean - half,
                mean + half,
                List.of(),
                new double[0]);
    }

    /** Welch's two-sided p-value against {@code other}: from both sides' values when kept, else from their moments. */
    double welchP(Summary other) {
        return values.length == n && other.values.length == other.n
                ? new TTest().tTest(values, other.values)
                : new TTest().tTest(asStatistics(), other.asStatistics());
    }

    /** These statistics as commons-math's tests read them (mean, variance, n, bounds). */
    public StatisticalSummaryValues asStatistics() {
        return new StatisticalSummaryValues(mean, n >= 2 ? sd * sd : 0, n, max, min, mean * n);
    }

    /** Half the width of the confidence interval (the "±"), NaN for n &lt; 2. */
    public double ciHalfWidth() {
        return (ciHigh - ciLow) / 2;
    }

    /**
     * Whether {@code this} and {@code other} differ significantly: Welch's t-test (unequal
     * variances) at {@link #ALPHA}. Needs two values on each side; identical constant series do
     * not differ, different constant series do.
     */
    public boolean differsFrom(Summary other) {
        if (n < 2 || other.n < 2) {
            return false;
        }
        if (sd == 0 && other.sd == 0) {
            return mean != other.mean;
        }
        return welchP(other) < ALPHA;
    }

    private static final java.util.Map<Integer, Double> T_QUANTILES = new java.util.concurrent.ConcurrentHashMap<>();

    /** The two-sided 95 % quantile of Student's t with {@code df} degrees of freedom, computed once per df. */
    static double tQuantile(int df) {
        // no random generator: it is only needed to sample, and seeding one costs more than the quantile
        return T_QUANTILES.computeIfAbsent(
                df, d -> new TDistribution(null, d).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2));
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    // Iglewicz and Hoaglin's modified z-score, 0.6745 (x - median) / MAD; with MAD = 0 the mean
    // absolute deviation (times 1.2533) stands in, as they suggest
    private static List<Integer> outliers(double[] values, double median) {
        List<Integer> out = new ArrayList<>();
        if (values.length < 3) {
            return out;
        }
        double[] dev = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            dev[i] = Math.abs(values[i] - median);
        }
        double[] sortedDev = dev.clone();
        Arrays.sort(sortedDev);
        double mad = median(sortedDev);
        double scale;
        if (mad > 0) {
            scale = mad / 0.6745;
        } else {
            double meanAd = Arrays.stream(dev).sum() / dev.length;
            if (meanAd == 0) {
                return out;
            }
            scale = 1.253314 * meanAd;
        }
        for (int i = 0; i < values.length; i++) {
            if (dev[i] / scale > OUTLIER_Z) {
                out.add(i);
            }
        }
        return out;
    }
}
