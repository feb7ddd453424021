package org.fsflow.report;

import java.util.List;
import org.fsflow.report.ReportModel.Labelled;
import org.fsflow.result.RunConditions;
import org.fsflow.summary.Numbers;

/** The lines of a report's conditions that say how faithful the run was: memory budget, warm-up, flushes. */
final class FaithfulConditions {

    private FaithfulConditions() {}

    static void add(List<Labelled> c, RunConditions conditions) {
        if (conditions == null) {
            return;
        }
        RunConditions.MemoryBudget b = conditions.memoryBudget();
        if (b != null) {
            c.add(new Labelled(
                    conditions.memoryBudgetAt().isEmpty() ? "Memory budget" : "Memory budget (host's scale)",
                    budget(b)));
        }
        conditions
                .memoryBudgetAt()
                .forEach((scale, at) -> c.add(new Labelled("Memory budget at --scale " + scale, budget(at))));
        if (conditions.warmup() > 0) {
            c.add(new Labelled(
                    "Warm-up",
                    conditions.warmup() + " repetition" + (conditions.warmup() == 1 ? "" : "s")
                            + " of every cell, run and recorded, left out of the statistics"));
        }
        RunConditions.Quiet quiet = conditions.quiet();
        if (quiet != null) {
            c.add(new Labelled(
                    "Quiet host",
                    (quiet.maxWaitS() > 0
                                    ? "before each measured step on the host, a wait of at most "
                                            + Numbers.sig(quiet.maxWaitS()) + " s"
                                            + " for dirty and writeback pages under 32 MiB and the host's CPUs busy under half a CPU"
                                    : "no wait before the steps")
                            + "; "
                            + (quiet.retake() > 0
                                    ? "up to " + quiet.retake() + " disturbed measurement"
                                            + (quiet.retake() == 1 ? "" : "s")
                                            + " of each cell taken again (other processes above half a CPU during the step)"
                                    : "no retakes")));
        }
        if (!conditions.flushSteps().isEmpty()) {
            c.add(
                    new Labelled(
                            "Flush",
                            String.join(", ", conditions.flushSteps()) + ": the step's filesystem is "
                                    + "synced (syncfs) after the command, inside its real time; flush_s in the results keeps it apart"));
        }
    }

    private static String budget(RunConditions.MemoryBudget b) {
        StringBuilder s = new StringBuilder();
        if (b.effectiveBytes() != null) {
            s.append(Numbers.bytes(b.effectiveBytes())).append(" of RAM for the machine under test");
            if (b.factor() < 1) {
                s.append(" (")
                        .append(Numbers.bytes(b.bytes()))
                        .append(" as written, scaled with the datasets by x")
                        .append(Numbers.sig(b.factor()))
                        .append(")");
            }
            if (b.raisedToFloor()) {
                s.append(", raised to the ")
                        .append(Numbers.bytes(b.floorBytes()))
                        .append(" the steps' tools need: the source's data-to-RAM ratio is not kept");
            }
        } else {
            s.append("none: the host's whole RAM");
        }
        if (!b.axis().isEmpty()) {
            s.append("; per cell (memory axis): ").append(String.join(", ", b.axis()));
        }
        if (!b.steps().isEmpty()) {
            s.append("; per step: ").append(String.join(", ", b.steps()));
        }
        if (b.method() != null) {
            s.append("; enforced by ").append(b.method());
        }
        return s.toString();
    }
}
