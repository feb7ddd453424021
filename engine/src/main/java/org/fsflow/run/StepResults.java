package org.fsflow.run;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.fsflow.measure.Usage;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.Measurement;
import org.fsflow.result.MeasurementBuilder;
import org.fsflow.result.Status;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;

/**
 * Turns what happened to a step node on this host into its {@link Measurement}: the cell's
 * coordinates and options, where it ran, the execution's figures, and a short failure reason.
 * Also names the node's log files.
 */
final class StepResults {

    private final Scenario scenario;
    private final Layout layout;
    private final CellPlace.Where where;
    private final String cpuMethod;
    private final Supplier<List<String>> ioDevices;

    StepResults(
            Scenario scenario,
            Layout layout,
            CellPlace.Where where,
            String cpuMethod,
            Supplier<List<String>> ioDevices) {
        this.scenario = scenario;
        this.layout = layout;
        this.where = where;
        this.cpuMethod = cpuMethod;
        this.ioDevices = ioDevices;
    }

    /** Node {@code n}, not run, for {@code reason}. */
    Measurement skipped(PlanNode n, Bindings b, String reason) {
        StepCommand cmd = StepCommand.of(n.step(), b);
        return base(n).command(cmd.display())
                .status(Status.SKIPPED)
                .reason(reason)
                .build();
    }

    /** Node {@code n}, run as {@code command}, ended as {@code e}. */
    Measurement of(PlanNode n, String command, Status status, Execution e, String reason) {
        Usage u = e.usage();
        return base(n).command(command)
                .status(status)
                .exitCode(e.exitCode() < 0 ? null : e.exitCode())
                .reason(reason)
                .realS(round(u.realSeconds()))
                .userS(round(u.userSeconds()))
                .sysS(round(u.systemSeconds()))
                .cpuPct(u.cpuPercent())
                .maxRssKb(u.maxRssKb())
                .minorFaults(u.minorFaults())
                .majorFaults(u.majorFaults())
                .readBytes(u.readBytes())
                .writeBytes(u.writeBytes())
                .ioBusyMs(u.ioBusyMillis())
                .startedAt(e.startedAt().toString())
                .endedAt(e.endedAt().toString())
                .devices(ioDevices.get())
                .cpuMethod(cpuMethod)
                .memoryMethod(Usage.MEMORY_METHOD)
                .log(List.of(relative(log(n, "out")), relative(log(n, "err"))))
                .memoryBudgetBytes(e.memoryBudgetBytes())
                .flushS(e.flushSeconds() == null ? null : round(e.flushSeconds()))
                .hostOtherCpuS(e.hostOtherCpuSeconds())
                .signal(e.signal())
                .oomKills(e.oomKills())
                .build();
    }

    // what every measurement of node n says: the cell's coordinates, options, and where it ran
    MeasurementBuilder base(PlanNode n) {
        MeasurementBuilder b = Measurement.builder(n.id(), n.step().name())
                .dataset(n.cell().dataset())
                .filesystem(n.cell().filesystem())
                .repeat(n.repeat())
                .cell(n.cell().coordinates())
                .mkfsOptions(options(n, true))
                .mountOptions(options(n, false))
                .warmup(n.repeat() <= scenario.warmup())
                .scale(n.scale());
        return where.stamp(b);
    }

    private List<String> options(PlanNode n, boolean mkfs) {
        Device target = scenario.devices().get(Scenario.TARGET);
        Filesystem fs = target == null ? null : StepCommand.filesystem(scenario, target, n.cell());
        return fs == null ? List.of() : mkfs ? fs.mkfsOptions() : fs.mountOptions();
    }

    /** Why {@code e} failed, in one line: the cause and the last line of its stderr. */
    static String describeFailure(Execution e) {
        if (e.startError() != null) {
            return e.startError();
        }
        String head = StepEnd.head(e);
        // tools put the cause first and a usage or version line last (bonnie++): show both ends
        List<String> lines = (e.stderrTail() == null ? "" : e.stderrTail())
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        if (lines.isEmpty()) {
            return head;
        }
        String text = lines.size() == 1 ? lines.get(0) : lines.get(0) + " … " + lines.get(lines.size() - 1);
        return head + ": " + (text.length() > 300 ? text.substring(0, 300) + "..." : text);
    }

    /** The log file of node {@code n} with {@code suffix} (out, err, before.out ...). */
    Path log(PlanNode n, String suffix) {
        return layout.out().resolve("logs").resolve(n.id() + "." + suffix);
    }

    /** {@code p} relative to the output directory. */
    String relative(Path p) {
        return layout.out().relativize(p).toString();
    }

    // microsecond resolution, as results.jsonl has always had it
    private static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
