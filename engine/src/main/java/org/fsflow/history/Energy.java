package org.fsflow.history;

/**
 * The divergence statistic of E-divisive (Matteson and James 2014, α = 1): for a split of the
 * values [from, to) at t into X = [from, t) and Y = [t, to),
 * {@code q = n m / (n + m) * (2 mean|x - y| - mean|x - x'| - mean|y - y'|)}, the means over
 * distinct pairs (a segment of one value has no pair and adds nothing). Large when the two
 * segments' distributions differ; its maximum over t is the candidate change point.
 */
final class Energy {

    private Energy() {}

    static double q(double[] v, int from, int t, int to) {
        int n = t - from;
        int m = to - t;
        double between = 0;
        for (int i = from; i < t; i++) {
            for (int j = t; j < to; j++) {
                between += Math.abs(v[i] - v[j]);
            }
        }
        double e = 2 * between / ((double) n * m) - within(v, from, t) - within(v, t, to);
        return (double) n * m / (n + m) * e;
    }

    // the mean absolute difference over distinct pairs of [from, to), 0 for one value
    private static double within(double[] v, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                sum += Math.abs(v[i] - v[j]);
            }
        }
        return sum / ((double) n * (n - 1) / 2);
    }
}
