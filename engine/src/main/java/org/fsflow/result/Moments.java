package org.fsflow.result;

/**
 * The running moments of one figure of one series, added one value at a time: count, mean,
 * variance, least and greatest value, without keeping the values. The sum is compensated as
 * {@code DoubleStream.sum} compensates it (Kahan-Babuska), so that a mean equals the one computed
 * from the kept values; the variance is Welford's, so that it needs no second pass. The first
 * {@value #KEPT} values are kept too: a series of that many repetitions or fewer (every campaign
 * so far) gets exactly the statistics its values give ({@link #values}).
 */
public final class Moments {

    /** Up to this many values, they are kept. */
    public static final int KEPT = 16;

    private double[] head = new double[0];

    private int n;
    private double sum;
    private double compensation;
    private double simpleSum;
    private double mean;
    private double m2;
    private double min = Double.NaN;
    private double max = Double.NaN;

    /** Adds {@code v}. */
    public void add(double v) {
        keep(v);
        n++;
        simpleSum += v;
        double y = v - compensation;
        double t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
        double delta = v - mean;
        mean += delta / n;
        m2 += delta * (v - mean);
        min = n == 1 ? v : Math.min(min, v);
        max = n == 1 ? v : Math.max(max, v);
    }

    /** Adds every value {@code other} has seen (Chan's pairwise update of the variance). */
    public void addAll(Moments other) {
        if (other.n == 0) {
            return;
        }
        if (n == 0) {
            copy(other);
            return;
        }
        if (head != null && other.head != null && n + other.n <= KEPT) {
            double[] both = java.util.Arrays.copyOf(head, n + other.n);
            System.arraycopy(other.head, 0, both, n, other.n);
            head = both;
        } else {
            head = null;
        }
        int total = n + other.n;
        double delta = other.mean - mean;
        m2 += other.m2 + delta * delta * ((double) n * other.n / total);
        mean += delta * other.n / total;
        double y = other.sum() - compensation;
        double t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
        simpleSum += other.simpleSum;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        n = total;
    }

    // the first KEPT values; past them, none (null)
    private void keep(double v) {
        if (head != null && n < KEPT) {
            head = java.util.Arrays.copyOf(head, n + 1);
            head[n] = v;
        } else {
            head = null;
        }
    }

    private void copy(Moments other) {
        head = other.head == null ? null : other.head.clone();
        n = other.n;
        sum = other.sum;
        compensation = other.compensation;
        simpleSum = other.simpleSum;
        mean = other.mean;
        m2 = other.m2;
        min = other.min;
        max = other.max;
    }

    /** The values in the order added while there are at most {@value #KEPT} of them, else null. */
    public double[] values() {
        return head == null ? null : head.clone();
    }

    /** The number of values. */
    public int n() {
        return n;
    }

    /** Their sum, compensated as {@code DoubleStream.sum} does. */
    public double sum() {
        double s = sum - compensation;
        // as Collectors.computeFinalSum: an infinite simple sum wins over a NaN compensated one
        return Double.isNaN(s) && Double.isInfinite(simpleSum) ? simpleSum : s;
    }

    /** The mean, NaN without values. */
    public double mean() {
        return n == 0 ? Double.NaN : sum() / n;
    }

    /** The sample variance (n - 1), NaN for fewer than two values. */
    public double variance() {
        return n < 2 ? Double.NaN : Math.max(0, m2 / (n - 1));
    }

    /** The least value, NaN without values. */
    public double min() {
        return min;
    }

    /** The greatest value, NaN without values. */
    public double max() {
        return max;
    }
}
