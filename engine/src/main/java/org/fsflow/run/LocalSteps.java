package org.fsflow.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.fsflow.measure.Usage;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Where;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Release;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.MemoryBudget;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * Runs one step node on this host and measures it: what a step registers for undoing first, its
 * unmeasured {@code before}, caches dropped if asked, the measured process through the
 * {@link StepExecutor}, its unmeasured {@code after}; what it observed is the step's
 * {@link StepOutcome}. Also replays a step unmeasured, to restore a cell's state on resume.
 */
final class LocalSteps {

    private final Scenario scenario;
    private final StepExecutor executor;
    private final Teardown teardown;
    private final Supplier<List<String>> ioDevices;
    private final Layout layout;
    private final Where where;
    // the CPU microseconds so far of the services of a node's filesystem, -1 when not measured
    private ToLongFunction<PlanNode> serviceMicros = n -> -1;

    LocalSteps(
            Scenario scenario,
            Layout layout,
            StepExecutor executor,
            Teardown teardown,
            Supplier<List<String>> ioDevices,
            Where where) {
        this.scenario = scenario;
        this.executor = executor;
        this.teardown = teardown;
        this.ioDevices = ioDevices;
        this.layout = layout;
        this.where = where;
    }

    /** Measures the services of each step's filesystem by {@code micros} (see {@link Services#cpuMicros}). */
    void measureServices(ToLongFunction<PlanNode> micros) {
        this.serviceMicros = micros;
    }

    /** Node {@code n}, not run, for {@code reason}. */
    StepOutcome skipped(PlanNode n, Bindings b, String reason) {
        return StepOutcome.skipped(StepCommand.of(n.step(), b).display(), reason, where);
    }

    /** Runs node {@code n} with its bindings {@code b}; its {@code after} is left out once {@code stop} holds. */
    StepOutcome measure(PlanNode n, Bindings b, BooleanSupplier stop) {
        Step step = n.step();
        StepCommand cmd = StepCommand.of(step, b);
        if (cmd.skipped()) {
            return skipped(n, b, cmd.skipReason());
        }
        Resource undo = registerUndo(step, b);
        Duration timeout = step.timeout() != null ? step.timeout() : scenario.timeout();
        StepOutcome unprepared = prepare(n, b, cmd, timeout);
        if (unprepared != null) {
            return unprepared;
        }
        long servicesBefore = serviceMicros.applyAsLong(n);
        Execution e =
                executor.execute(cmd.argv(), log(n, "out"), log(n, "err"), timeout, ioDevices.get(), conditions(n, b));
        long servicesAfter = serviceMicros.applyAsLong(n);
        String unverified =
                e.succeeded() && !stop.getAsBoolean() ? CopyCheck.problem(b.scenario(), step, b, n.cell()) : null;
        if (step.after() != null && !stop.getAsBoolean()) {
            executor.execute(b.argv(step.after()), log(n, "after.out"), log(n, "after.err"), timeout, List.of());
        }
        if (step.action() == Step.Action.UMOUNT && e.succeeded() && undo == null) {
            teardown.forget(Resource.mount(b.value(step.device() + ".mnt"), Resource.UNIT));
        }
        Status status = e.timedOut() ? Status.TIMEOUT : e.succeeded() ? Status.OK : Status.FAILED;
        Double serviceCpuS =
                servicesBefore >= 0 && servicesAfter >= servicesBefore ? (servicesAfter - servicesBefore) / 1e6 : null;
        StepOutcome o = e.outcome(
                cmd.display(),
                status,
                e.succeeded() ? null : e.failure(),
                method(),
                serviceCpuS,
                layout.logs(n.id()),
                where);
        o = unverified == null ? o : o.failedBecause(unverified);
        o = status == Status.FAILED && !stop.getAsBoolean() ? deviceFull(o, n, b) : o;
        return status != Status.OK && !stop.getAsBoolean() ? serviceGone(o, n, b) : o;
    }

    // how the host measures: the devices under test, the executor's CPU method, sampled VmHWM
    private StepOutcome.Method method() {
        return new StepOutcome.Method(ioDevices.get(), executor.cpuMethod(), Usage.MEMORY_METHOD);
    }

    /** Node {@code n}, run as {@code command}, failed as {@code e} (one of what runs before it) for {@code reason}. */
    private StepOutcome failed(PlanNode n, String command, Execution e, String reason) {
        return e.outcome(command, Status.FAILED, reason, method(), null, layout.logs(n.id()), where);
    }

    /**
     * What runs unmeasured just before node {@code n}'s command: its {@code before:}, the cache drop,
     * the release of a loop device's blocks before a mkfs ({@link Release}). Returns the failed
     * measurement when one of them failed, else null.
     */
    private StepOutcome prepare(PlanNode n, Bindings b, StepCommand cmd, Duration timeout) {
        Step step = n.step();
        if (step.before() != null) {
            Execution before = executor.execute(
                    b.argv(step.before()), log(n, "before.out"), log(n, "before.err"), timeout, List.of());
            if (!before.succeeded()) {
                return failed(n, cmd.display(), before, "before: " + before.failure());
            }
        }
        if (step.dropCaches()) {
            Commands.Result dropped = Commands.run(
                    List.of("sh", "-c", "sync && echo 3 > /proc/sys/vm/drop_caches"), Duration.ofMinutes(10));
            if (!dropped.ok()) {
                return failed(
                        n,
                        cmd.display(),
                        notStarted(),
                        "drop_caches: " + dropped.message() + " (dropping caches needs root)");
            }
        }
        List<String> release = Release.beforeMkfs(scenario, step, b);
        if (release != null) {
            Execution r = executor.execute(release, log(n, "release.out"), log(n, "release.err"), timeout, List.of());
            if (!r.succeeded()) {
                return failed(
                        n,
                        cmd.display(),
                        r,
                        "release the device's blocks before mkfs (" + String.join(" ", release) + "): " + r.failure());
            }
        }
        return null;
    }

    /**
     * Runs node {@code n} again, unmeasured, to bring the cell back to the state it left (resume);
     * {@code before} is the node's stored measurement. Returns what went wrong, or null.
     */
    String replay(PlanNode n, Bindings b, Measurement before) {
        StepCommand cmd = StepCommand.of(n.step(), b);
        if (cmd.skipped() || !before.ok()) {
            return null;
        }
        registerUndo(n.step(), b);
        if (n.step().before() != null) {
            executor.execute(
                    b.argv(n.step().before()),
                    log(n, "replay.before.out"),
                    log(n, "replay.before.err"),
                    null,
                    List.of());
        }
        Execution e = executor.execute(cmd.argv(), log(n, "replay.out"), log(n, "replay.err"), null, List.of());
        return e.succeeded() ? null : n.id() + ": " + e.failure();
    }

    /** {@code m} with a reason starting "device full" when its failure filled the step's filesystem. */
    private StepOutcome deviceFull(StepOutcome m, PlanNode n, Bindings b) {
        String device = n.step().device() != null ? n.step().device() : Scenario.TARGET;
        String full = DiskFull.stepReason(log(n, "err"), Path.of(b.value(device + ".mnt")));
        return full == null ? m : m.failedBecause(full + (m.reason() == null ? "" : "; " + m.reason()));
    }

    /**
     * {@code m} with a reason starting "the ... service stopped during the step" when the service of
     * the step's filesystem (a zfs-fuse daemon) no longer passes its check: that is why it failed.
     */
    private StepOutcome serviceGone(StepOutcome m, PlanNode n, Bindings b) {
        String device = n.step().device() != null ? n.step().device() : Scenario.TARGET;
        Filesystem fs = scenario.devices().containsKey(device)
                ? StepCommand.filesystem(scenario, scenario.devices().get(device), b.cell())
                : null;
        if (fs == null || fs.lifecycle() == null || fs.lifecycle().service() == null) {
            return m;
        }
        List<String> check = b.argv(fs.lifecycle().service().check());
        if (Services.passes(check)) {
            return m;
        }
        String gone = "the " + fs.name() + " service stopped during the step (its check '" + Releaser.byHand(check)
                + "' fails)";
        return m.failedBecause(gone + (m.reason() == null ? "" : "; " + m.reason()));
    }

    /** The memory budget and the flush of node {@code n}. */
    private StepConditions conditions(PlanNode n, Bindings b) {
        Step step = n.step();
        long budget =
                MemoryBudget.of(b.scenario(), n.cell().coordinates(), step).effectiveBytes();
        String device = step.device() != null ? step.device() : Scenario.TARGET;
        Path flush = step.flush() ? Path.of(b.value(device + ".mnt")) : null;
        return new StepConditions(budget, flush);
    }

    // the log file of node n with suffix (out, err, before.out ...)
    private Path log(PlanNode n, String suffix) {
        return layout.log(n.id(), suffix);
    }

    /** Registers, before a step runs, what must be undone if the cell stops after it. */
    private Resource registerUndo(Step step, Bindings b) {
        if (step.action() == Step.Action.MOUNT) {
            Resource r = Resource.mount(b.value(step.device() + ".mnt"), Resource.UNIT);
            teardown.register(r);
            return r;
        }
        if (step.action() == Step.Action.MKFS) {
            Filesystem fs = StepCommand.filesystem(scenario, scenario.devices().get(step.device()), b.cell());
            if (fs != null && fs.lifecycle() != null && fs.lifecycle().destroy() != null) {
                Resource r = Resource.command(
                        b.argv(fs.lifecycle().destroy()),
                        Resource.UNIT,
                        "destroy " + fs.name() + " (" + b.display(fs.lifecycle().destroy()) + ")");
                teardown.register(r);
                return r;
            }
        }
        return null;
    }

    // a step that failed before its process started (caches could not be dropped)
    private static Execution notStarted() {
        Instant now = Instant.now();
        return new Execution(-1, false, false, null, new Usage(0, 0, 0, 0, 0, 0, 0, 0, 0), now, now, "");
    }
}
