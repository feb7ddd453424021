package org.fsflow.run;

import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Measurement;
import org.fsflow.result.Phase;
import org.fsflow.result.Status;
import org.fsflow.result.StepDurations;
import org.fsflow.safety.VisibleWriter;

/**
 * Live events of a run, separate from its results. On a terminal one status line is rewritten in
 * place (cell, step, repetition, elapsed time, ETA); otherwise one plain line per measured node.
 * A cell repetition that is skipped is one line with its reason, not one per step. The ETA sums,
 * over the nodes still to run, the mean time of the same step measured so far in this run (same
 * cell first, see {@link StepDurations}). At the end, a table per filesystem.
 */
public final class Progress {

    private final PrintWriter out;
    private final boolean live;
    private final List<PlanNode> measured = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final int repeats;
    private final long startNanos = System.nanoTime();
    private final StepDurations durations = new StepDurations();
    private final ProgressTally tally = new ProgressTally();
    private final Set<String> finished = new HashSet<>();
    /** Cell repetitions being skipped (their remaining steps take no time), as "cell/rN". */
    private final Set<String> skipping = new HashSet<>();

    private String lastSkip;
    private PlanNode current; // the node the live line shows
    private volatile Phase phase; // the unmeasured phase under way, or null
    private int unit;
    private int units;

    Progress(PrintWriter out, boolean live, Plan plan) {
        this.out = out;
        this.live = live;
        plan.nodes().stream().filter(PlanNode::measured).forEach(measured::add);
        this.repeats = plan.scenario().repeat().min();
    }

    /**
     * Cell repetitions planned after the run began (an adaptive round, a retake): their steps join
     * the count of steps to run ("[done/planned]") and the ETA.
     */
    void planned(List<org.fsflow.place.CellPlace.Unit> units) {
        for (var u : units) {
            u.steps().stream().filter(PlanNode::measured).forEach(measured::add);
        }
    }

    void info(String line) {
        clear();
        out.println(line);
        out.flush();
    }

    /** {@code node} starts, in cell repetition {@code unit} of {@code units}: the status line shows it. */
    void starting(PlanNode node, int unit, int units) {
        this.unit = unit;
        this.units = units;
        this.current = node;
        if (live) {
            VisibleWriter.raw(out, "\r\033[K");
            out.print(status(node));
            out.flush();
        }
    }

    /**
     * The unmeasured phase {@code p} starts (null: it ended), from the run's {@link org.fsflow.place.PhaseLog}: the
     * live line names it, so a long verify or cache drop does not look like the step.
     */
    synchronized void phase(Phase p) {
        this.phase = p;
        if (live && current != null) {
            VisibleWriter.raw(out, "\r\033[K");
            out.print(status(current));
            out.flush();
        }
    }

    /** {@code node} was done before an interruption and is kept. */
    void kept(PlanNode node, Measurement earlier, String detail) {
        finished.add(node.id());
        if (earlier != null) {
            durations.add(earlier);
            tally.add(node, earlier);
        }
        if (!live) {
            line(node, "kept", null, detail);
        }
    }

    /**
     * {@code m}, kept from before an interruption, belongs to a repetition that an adaptive or
     * retake round added: no node of the plan shows it, the closing table counts it.
     */
    void keptAdded(Measurement m) {
        tally.add(m.filesystem(), m);
    }

    /** {@code node} ended with {@code m}. */
    void finished(PlanNode node, Measurement m) {
        finished.add(node.id());
        durations.add(m);
        tally.add(node, m);
        if (m.status() == Status.SKIPPED) {
            skipped(node, m.reason());
            return;
        }
        lastSkip = null;
        if (live && m.status() == Status.OK) {
            starting(node, unit, units);
            return;
        }
        line(node, m.status().value(), m.realS(), m.ok() ? null : m.reason());
    }

    /** One line per skipped cell repetition and reason; its other steps are counted silently. */
    private void skipped(PlanNode node, String reason) {
        String unit = unit(node);
        skipping.add(unit);
        String key = unit + "\u0000" + reason;
        if (key.equals(lastSkip)) {
            return;
        }
        lastSkip = key;
        clear();
        out.println(String.format(Locale.ROOT, "%-40s skipped  %s", unit, reason));
        out.flush();
    }

    /** Ends the live line and prints the table per filesystem. */
    void end() {
        clear();
        tally.print(out);
        out.flush();
    }

    private void line(PlanNode node, String status, Double realSeconds, String detail) {
        clear();
        String line = String.format(
                Locale.ROOT,
                "[%" + String.valueOf(measured.size()).length() + "d/%d] %-40s %-7s %s%s",
                finished.size(),
                measured.size(),
                node.id(),
                status,
                realSeconds == null ? "" : String.format(Locale.ROOT, "%.3f s", realSeconds),
                detail == null ? "" : "  " + detail);
        out.println(line.stripTrailing());
        out.flush();
    }

    /** The live status line: progress, cell, step, repetition, elapsed, ETA. */
    String status(PlanNode node) {
        return String.format(
                Locale.ROOT,
                "[%d/%d steps, cell run %d/%d] %s  repetition %d/%d  step %s%s  elapsed %s%s",
                finished.size(),
                measured.size(),
                unit,
                units,
                node.cell().id().isEmpty() ? "-" : node.cell().id(),
                node.repeat(),
                Math.max(repeats, node.repeat()),
                node.step().name(),
                phaseNow(),
                clock(elapsed()),
                eta());
    }

    // the phase under way, as the live line shows it: "  (caches dropped)", or nothing during the step itself
    private String phaseNow() {
        Phase p = phase;
        return p == null ? "" : "  (" + p.label() + ")";
    }

    private String eta() {
        double left = 0;
        for (PlanNode n : measured) {
            if (!finished.contains(n.id()) && !skipping.contains(unit(n))) {
                var estimate =
                        durations.estimate(n.cell().coordinates(), n.step().name());
                if (estimate.isEmpty()) {
                    return "";
                }
                left += estimate.getAsDouble();
            }
        }
        return "  ETA " + clock(left);
    }

    private static String unit(PlanNode n) {
        return (n.cell().id().isEmpty() ? "" : n.cell().id() + "/") + "r" + n.repeat();
    }

    private void clear() {
        if (live) {
            VisibleWriter.raw(out, "\r\033[K");
        }
    }

    private double elapsed() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    public static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
