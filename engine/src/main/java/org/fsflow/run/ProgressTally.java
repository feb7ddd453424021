package org.fsflow.run;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Measurement;

/** The closing table of a run: per filesystem, steps ok, failed, skipped, and their real time. */
final class ProgressTally {

    private final Map<String, long[]> counts = new LinkedHashMap<>();
    private final Map<String, Double> seconds = new LinkedHashMap<>();

    /** Counts {@code m}, the measurement of {@code node}. */
    void add(PlanNode node, Measurement m) {
        add(node.cell().filesystem(), m);
    }

    /** Counts {@code m}, a measurement of a cell of filesystem {@code filesystem} (null: none). */
    void add(String filesystem, Measurement m) {
        String fs = filesystem != null ? filesystem : "-";
        long[] c = counts.computeIfAbsent(fs, k -> new long[3]);
        switch (m.status()) {
            case OK -> c[0]++;
            case SKIPPED -> c[2]++;
            default -> c[1]++;
        }
        if (m.realS() != null) {
            seconds.merge(fs, m.realS(), Double::sum);
        }
    }

    /** Prints the table, nothing when no step ended. */
    void print(PrintWriter out) {
        if (counts.isEmpty()) {
            return;
        }
        int width = Math.max(
                "filesystem".length(),
                counts.keySet().stream().mapToInt(String::length).max().orElse(0));
        out.printf(
                Locale.ROOT,
                "%-" + width + "s  %6s  %6s  %7s  %10s%n",
                "filesystem",
                "ok",
                "failed",
                "skipped",
                "steps' real");
        counts.forEach((fs, c) -> out.printf(
                Locale.ROOT,
                "%-" + width + "s  %6d  %6d  %7d  %10s%n",
                fs,
                c[0],
                c[1],
                c[2],
                Progress.clock(seconds.getOrDefault(fs, 0.0))));
    }
}
