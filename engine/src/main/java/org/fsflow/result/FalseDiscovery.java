package org.fsflow.result;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Benjamini-Hochberg control of the false-discovery rate over every comparison of a report: the
 * adjusted p-value (q-value) of the i-th smallest of m p-values is the smallest
 * {@code p(j) m / j} over j &gt;= i, capped at 1; a comparison is significant when its q-value is
 * at most the chosen rate. NaN p-values (comparisons that could not be tested) stay NaN and do not
 * count in m.
 */
public final class FalseDiscovery {

    /** The false-discovery rate a report controls. */
    public static final double RATE = 0.05;

    private FalseDiscovery() {}

    /** The q-values of {@code p}, in the same order. */
    public static double[] adjust(double[] p) {
        double[] q = new double[p.length];
        Arrays.fill(q, Double.NaN);
        Integer[] order = IntStream.range(0, p.length)
                .filter(i -> !Double.isNaN(p[i]))
                .boxed()
                .sorted(Comparator.comparingDouble(i -> p[i]))
                .toArray(Integer[]::new);
        int m = order.length;
        double running = 1;
        for (int k = m - 1; k >= 0; k--) {
            running = Math.min(running, p[order[k]] * m / (k + 1));
            q[order[k]] = running;
        }
        return q;
    }
}
