package org.fsflow.result;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * Mean real time of steps, learnt from measurements, to estimate the steps still to run: the
 * same step of the same cell first, else the same step in any cell, else any step. Used for the
 * ETA of a running campaign and for {@code fsflow doctor}'s estimate from a previous run.
 */
public final class StepDurations {

    private static final Map<String, String> ANY_CELL = Map.of();
    private static final String ANY_STEP = "";

    private final MeansByStep byCellStep = new MeansByStep();
    private final MeansByStep byStep = new MeansByStep();
    private final MeansByStep overall = new MeansByStep();

    /** Learns that {@code step} of the cell with {@code coordinates} took {@code realSeconds}. */
    public void add(Map<String, String> coordinates, String step, double realSeconds) {
        byCellStep.add(coordinates, step, realSeconds);
        byStep.add(ANY_CELL, step, realSeconds);
        overall.add(ANY_CELL, ANY_STEP, realSeconds);
    }

    /** Learns from a measurement that has a real time (skipped ones have none). */
    public void add(Measurement m) {
        if (m.realS() != null && m.status() == Status.OK) {
            add(m.cell() == null ? Map.of() : m.cell(), m.step(), m.realS());
        }
    }

    /** The expected real time of {@code step} in that cell, or empty before anything was learnt. */
    public OptionalDouble estimate(Map<String, String> coordinates, String step) {
        OptionalDouble m = byCellStep.mean(coordinates, step);
        if (m.isEmpty()) {
            m = byStep.mean(ANY_CELL, step);
        }
        return m.isPresent() ? m : overall.mean(ANY_CELL, ANY_STEP);
    }

    /** True when the same step of the same cell was measured (not a fallback). */
    public boolean knows(Map<String, String> coordinates, String step) {
        return byCellStep.mean(coordinates, step).isPresent();
    }
}
