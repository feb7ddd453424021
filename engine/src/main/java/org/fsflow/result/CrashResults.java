package org.fsflow.result;

import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a run's crash cells ({@code crash:}), kept apart from the steps' series: one row per
 * crash point (with its {@link CrashFacts}), and one failed row per cell that could not run. A
 * cell's rows are few (hundreds), so they are kept whole.
 */
public final class CrashResults {

    /** The step name of crash rows. */
    public static final String STEP = "crash";

    private final List<Measurement> points = new ArrayList<>();
    private final List<Measurement> failed = new ArrayList<>();

    /** True for a row of a crash cell. */
    public static boolean isCrashRow(Measurement m) {
        return m.crash() != null
                || (STEP.equals(m.step()) && m.node() != null && m.node().startsWith("crash/"));
    }

    void add(Measurement m) {
        (m.crash() != null ? points : failed).add(m);
    }

    /** Every crash point's row, in journal order. */
    public List<Measurement> points() {
        return points;
    }

    /** The rows of crash cells that could not run. */
    public List<Measurement> failed() {
        return failed;
    }

    /** True when the run had no crash cell. */
    public boolean isEmpty() {
        return points.isEmpty() && failed.isEmpty();
    }
}
