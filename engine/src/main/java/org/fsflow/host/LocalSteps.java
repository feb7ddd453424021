package org.fsflow.host;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.fsflow.measure.KernelCpu;
import org.fsflow.measure.Usage;
import org.fsflow.place.Commands;
import org.fsflow.place.PhaseLog;
import org.fsflow.place.Resource;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Teardown;
import org.fsflow.place.Where;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.result.Measurement;
import org.fsflow.result.Phase;
import org.fsflow.result.Places;
import org.fsflow.result.Status;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * Runs one step node on this host and measures it, exactly as the planner resolved it
 * ({@link ResolvedStep}, with the unit's device nodes bound): what a step registers for undoing
 * first, its unmeasured {@code before}, caches dropped if asked, the wait for a quiet host ({@code
 * quiet: wait}, {@link QuietHost}), the measured process through the
 * {@link StepExecutor} under its memory budget and flush, its verify and unmeasured {@code after};
 * what it observed is the step's {@link StepOutcome}. Also replays a step unmeasured, to restore a
 * cell's state on resume.
 */
final class LocalSteps {

    private final Scenario scenario;
    private final StepExecutor executor;
    private final Teardown teardown;
    private final Supplier<List<String>> ioDevices;
    private final Layout layout;
    private final Where where;
    private final ProgramCache programs = ProgramCache.ofThisProcess();
    // the CPU microseconds so far of the services of a node's filesystem, -1 when not measured
    private ToLongFunction<PlanNode> serviceMicros = n -> -1;
    private PhaseLog phases = PhaseLog.NONE;

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

    /** Records the unmeasured work around each step (caches dropped, blocks released, copies verified) in {@code log}. */
    void record(PhaseLog log) {
        this.phases = log;
    }

    /** Node {@code n}, not run, for {@code reason}; {@code step} is its bound step. */
    StepOutcome skipped(ResolvedStep step, String reason) {
        return StepOutcome.skipped(step.command().text(), reason, where);
    }

    /** Runs node {@code n} as {@code step} (bound); its {@code after} is left out once {@code stop} holds. */
    StepOutcome measure(PlanNode n, ResolvedStep step, BooleanSupplier stop) {
        if (step.skipped()) {
            return skipped(step, step.skipReason());
        }
        Resource undo = registerUndo(step);
        Duration timeout = step.timeout();
        StepOutcome unprepared = prepare(n, step);
        if (unprepared != null) {
            return unprepared;
        }
        long servicesBefore = serviceMicros.applyAsLong(n);
        Execution e = executor.execute(
                step.command().argv(), log(n, "out"), log(n, "err"), timeout, ioDevices.get(), StepConditions.of(step));
        long servicesAfter = serviceMicros.applyAsLong(n);
        String unverified = e.succeeded() && !stop.getAsBoolean() && CopyCheck.applies(scenario, step)
                ? phases.timed(Phase.VERIFY, place(), n.id(), () -> CopyCheck.problem(scenario, step))
                : null;
        if (step.after() != null && !stop.getAsBoolean()) {
            phases.timed(
                    Phase.AROUND,
                    place(),
                    n.id(),
                    () -> executor.execute(
                            step.after().argv(), log(n, "after.out"), log(n, "after.err"), timeout, List.of()));
        }
        if (step.action() == Step.Action.UMOUNT && e.succeeded() && undo == null) {
            teardown.forget(Resource.mount(step.target().mountPoint(), Resource.UNIT));
        }
        Status status = e.timedOut() ? Status.TIMEOUT : e.succeeded() ? Status.OK : Status.FAILED;
        Double serviceCpuS =
                servicesBefore >= 0 && servicesAfter >= servicesBefore ? (servicesAfter - servicesBefore) / 1e6 : null;
        StepOutcome o = e.outcome(
                step.command().text(),
                status,
                e.succeeded() ? null : e.failure(),
                method(),
                serviceCpuS,
                layout.logs(n.id()),
                where);
        StepOutcome.Kernel kernel = e.kernel(fsClass(step), ioDevices.get());
        o = kernel == null ? o : o.withKernel(kernel);
        o = e.succeeded() && !stop.getAsBoolean() ? withExtents(o, n, step, e) : o;
        o = unverified == null ? o : o.failedBecause(unverified);
        o = status == Status.FAILED && !stop.getAsBoolean() ? deviceFull(o, n, step) : o;
        return status != Status.OK && !stop.getAsBoolean() ? Services.gone(o, step) : o;
    }

    // the shared extents of what a run: step made on a filesystem that can share them
    private StepOutcome withExtents(StepOutcome o, PlanNode n, ResolvedStep step, Execution e) {
        Filesystem fs = step.target() == null || step.target().filesystem() == null
                ? null
                : scenario.filesystems().get(step.target().filesystem());
        if (step.action() != null
                || fs == null
                || !SharedExtentProbe.SHARING.contains(fs.type())
                || step.target().mountPoint() == null
                || o.around() == null) {
            return o;
        }
        Path mount = Path.of(step.target().mountPoint());
        var shared = phases.timed(Phase.VERIFY, place(), n.id(), () -> SharedExtentProbe.of(mount, e.startedAt()));
        StepOutcome.Observed seen = o.around().observed();
        return shared == null
                ? o
                : o.withObserved(seen == null ? new StepOutcome.Observed(null, null, shared) : seen.withShared(shared));
    }

    // the class of the kernel threads of the step's filesystem (KernelCpu.classOf), or null
    private String fsClass(ResolvedStep step) {
        Filesystem fs = step.target().filesystem() == null
                ? null
                : scenario.filesystems().get(step.target().filesystem());
        if (fs == null) {
            return null;
        }
        return KernelCpu.classOf(
                fs.lifecycle() == null ? fs.type() : fs.lifecycle().kernel());
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
     * the release of a loop device's blocks before a mkfs ({@link org.fsflow.plan.Release}), the read
     * of its program and libraries into the page cache ({@link ProgramCache}). Returns the failed
     * measurement when one of them failed, else null.
     */
    private StepOutcome prepare(PlanNode n, ResolvedStep step) {
        String text = step.command().text();
        Duration timeout = step.timeout();
        if (step.before() != null) {
            Execution before = phases.timed(
                    Phase.AROUND,
                    place(),
                    n.id(),
                    () -> executor.execute(
                            step.before().argv(), log(n, "before.out"), log(n, "before.err"), timeout, List.of()));
            if (!before.succeeded()) {
                return failed(n, text, before, "before: " + before.failure());
            }
        }
        if (step.dropCaches()) {
            Commands.Result dropped = phases.timed(
                    Phase.CACHES,
                    place(),
                    n.id(),
                    () -> Commands.run(
                            List.of("sh", "-c", "sync && echo 3 > /proc/sys/vm/drop_caches"), Duration.ofMinutes(10)));
            if (!dropped.ok()) {
                return failed(
                        n, text, notStarted(), "drop_caches: " + dropped.message() + " (dropping caches needs root)");
            }
            programs.cachesDropped();
        }
        ResolvedStep.Line release = step.release();
        if (release != null) {
            Execution r = phases.timed(
                    Phase.RELEASE,
                    place(),
                    n.id(),
                    () -> executor.execute(
                            release.argv(), log(n, "release.out"), log(n, "release.err"), timeout, List.of()));
            if (!r.succeeded()) {
                return failed(
                        n, text, r, "release the device's blocks before mkfs (" + release.text() + "): " + r.failure());
            }
        }
        if (scenario.quiet().waits() && step.action() == null) {
            phases.timed(Phase.QUIET, place(), n.id(), () -> {
                QuietHost.await(scenario.quiet().maxWait());
            });
        }
        programs.warm(step.command().argv());
        return null;
    }

    /**
     * Runs node {@code n} again, unmeasured, to bring the cell back to the state it left (resume);
     * {@code before} is the node's stored measurement. Returns what went wrong, or null.
     */
    String replay(PlanNode n, ResolvedStep step, Measurement before) {
        if (step.skipped() || !before.ok()) {
            return null;
        }
        registerUndo(step);
        if (step.before() != null) {
            executor.execute(
                    step.before().argv(), log(n, "replay.before.out"), log(n, "replay.before.err"), null, List.of());
        }
        Execution e =
                executor.execute(step.command().argv(), log(n, "replay.out"), log(n, "replay.err"), null, List.of());
        return e.succeeded() ? null : n.id() + ": " + e.failure();
    }

    /** {@code m} with a reason starting "device full" when its failure filled the step's filesystem. */
    private StepOutcome deviceFull(StepOutcome m, PlanNode n, ResolvedStep step) {
        if (step.target().mountPoint() == null) {
            return m;
        }
        String full = DiskFull.stepReason(log(n, "err"), Path.of(step.target().mountPoint()));
        return full == null ? m : m.failedBecause(full + (m.reason() == null ? "" : "; " + m.reason()));
    }

    // this host as the timeline names it
    private String place() {
        return Places.label(where.host(), where.kernel(), where.virt());
    }

    // the log file of node n with suffix (out, err, before.out ...)
    private Path log(PlanNode n, String suffix) {
        return layout.log(n.id(), suffix);
    }

    /** Registers, before a step runs, what must be undone if the cell stops after it. */
    private Resource registerUndo(ResolvedStep step) {
        Resource r = null;
        if (step.action() == Step.Action.MOUNT) {
            r = Resource.mount(step.target().mountPoint(), Resource.UNIT);
        } else if (step.lifecycle() != null && step.lifecycle().destroy() != null) {
            ResolvedStep.Line destroy = step.lifecycle().destroy();
            r = Resource.command(
                    destroy.argv(),
                    Resource.UNIT,
                    "destroy " + step.target().filesystem() + " (" + destroy.text() + ")");
        }
        if (r != null) {
            teardown.register(r);
        }
        return r;
    }

    // a step that failed before its process started (caches could not be dropped)
    private static Execution notStarted() {
        Instant now = Instant.now();
        return new Execution(-1, false, false, null, new Usage(0, 0, 0, 0, 0, 0, 0, 0, 0), now, now, "");
    }
}
