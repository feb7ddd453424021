package org.fsflow.result;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Mean real time of steps, learnt from measurements, to estimate the steps still to run: the
 * same step of the same cell first, else the same step in any cell, else any step. Used for the
 * ETA of a running campaign and for {@code fsflow doctor}'s estimate from a previous run.
 */
public final class StepDurations {

    private final Map<String, Mean> byCellStep = new HashMap<>();
    private final Map<String, Mean> byStep = new HashMap<>();
    private final Mean overall = new Mean();

    /** Learns that {@code step} of the cell with {@code coordinates} took {@code realSeconds}. */
    public void add(Map<String, String> coordinates, String step, double realSeconds) {
        byCellStep.computeIfAbsent(key(coordinates, step), k -> new Mean()).add(realSeconds);
        byStep.computeIfAbsent(step, k -> new Mean()).add(realSeconds);
        overall.add(realSeconds);
    }

    /** Learns from a measurement that has a real time (skipped ones have none). */
    public void add(Measurement m) {
        if (m.realS() != null && m.status() == Status.OK) {
            add(m.cell() == null ? Map.of() : m.cell(), m.step(), m.realS());
        }
    }

    /** The expected real time of {@code step} in that cell, or empty before anything was learnt. */
    public OptionalDouble estimate(Map<String, String> coordinates, String step) {
        Mean m = byCellStep.get(key(coordinates, step));
        if (m == null) {
            m = byStep.get(step);
        }
        if (m == null) {
            m = overall;
        }
        return m.n == 0 ? OptionalDouble.empty() : OptionalDouble.of(m.sum / m.n);
    }

    /** True when the same step of the same cell was measured (not a fallback). */
    public boolean knows(Map<String, String> coordinates, String step) {
        return byCellStep.containsKey(key(coordinates, step));
    }

    private static String key(Map<String, String> coordinates, String step) {
        return new java.util.TreeMap<>(coordinates) + "\u0000" + step;
    }

    private static final class Mean {
        private double sum;
        private long n;

        void add(double v) {
            sum += v;
            n++;
        }
    }
}
