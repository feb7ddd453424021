package org.fsflow.host;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.fsflow.aging.AgedImages;
import org.fsflow.device.Capabilities;
import org.fsflow.device.CellSupport;
import org.fsflow.device.LoopDevice;
import org.fsflow.place.CellPlace;
import org.fsflow.place.PhaseLog;
import org.fsflow.place.Releaser;
import org.fsflow.place.Resource;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Teardown;
import org.fsflow.place.Where;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.Phase;
import org.fsflow.result.Places;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The machine fsflow runs on, under its own kernel: devices set up here (loop images, block
 * devices, tmpfs), datasets generated here, each step a process measured through the
 * {@link StepExecutor}; everything set up is registered in {@code state.json} and released at the
 * end of each unit or of the campaign.
 */
public final class LocalHost implements CellPlace {

    private static final Where HERE = new Where(Where.hostname(), Capabilities.kernelRelease(), "host");
    private static final String PLACE = Places.label(HERE.host(), HERE.kernel(), HERE.virt());

    // what a step's handling returns to stop the unit; otherwise null, or why the rest of the cell is skipped
    private static final String STOP = "\0stop";

    private final Scenario scenario;
    private final Layout layout;
    private final StepExecutor executor;
    private final Consumer<String> info;
    private final Capabilities capabilities = new Capabilities();
    private final Datasets datasets;
    private Teardown teardown;
    private DeviceSetup devices;
    private Services services;
    private LocalSteps steps;
    private volatile boolean interrupted;
    private AgedImages aged;
    private PhaseLog phases = PhaseLog.NONE;

    /** The local host running {@code plan}'s processes through {@code executor}; {@code info} gets its messages. */
    public LocalHost(Plan plan, StepExecutor executor, Consumer<String> info) {
        this.scenario = plan.scenario();
        this.layout = plan.layout();
        this.executor = executor;
        this.info = info;
        this.datasets = new Datasets(layout, info);
    }

    @Override
    public void open(boolean resume) {
        DeviceSetup.checkSafety(scenario);
        Path state = layout.out().resolve(Teardown.FILE);
        List<String> kept = resume ? Teardown.keptIn(state) : List.of();
        if (resume) {
            int left = Teardown.releaseLeftovers(state, info);
            if (left > 0) {
                info.accept("released " + left + " resources left set up by the interrupted run");
            }
        }
        teardown = new Teardown(state, line -> info.accept("teardown: " + line));
        devices = new DeviceSetup(scenario, layout, teardown, kept);
        services = new Services(teardown, info);
        steps = new LocalSteps(scenario, layout, executor, teardown, devices::kernelNames, HERE);
        steps.measureServices(n -> services.cpuMicros(targetFilesystem(n.cell())));
        steps.record(phases);
        aged = new AgedImages(scenario, layout, teardown, info);
        aged.record(phases, PLACE);
    }

    @Override
    public void record(PhaseLog log) {
        this.phases = log;
        if (steps != null) {
            steps.record(log);
            aged.record(log, PLACE);
        }
    }

    @Override
    public void prepare(PlanNode n, BooleanSupplier stop) {
        if (n.kind() == PlanNode.Kind.SETUP) {
            info.accept("set up " + n.subject() + ": " + n.command());
            Device device = scenario.devices().get(n.subject());
            if (device instanceof Device.Loop) {
                phases.timed(Phase.IMAGES, PLACE, n.id(), () -> devices.setup(device)); // the image file made, attached
            } else {
                devices.setup(device);
            }
            if (devices.reused(n.subject())) {
                info.accept("set up " + n.subject() + ": the image the interrupted run kept, mounted as it was (not "
                        + "formatted): its datasets are checked byte for byte before they are used");
            }
            if (devices.loops().containsKey(n.subject())) {
                recordLoop(layout.out(), n.subject(), devices.loops().get(n.subject()));
            }
        } else if (n.kind() == PlanNode.Kind.DATASET) {
            Scenario at = scenario.atScale(n.scale());
            phases.timed(
                    Phase.DATASETS,
                    PLACE,
                    n.id(),
                    () -> datasets.prepare(at, at.datasets().get(n.subject()), stop));
        }
    }

    @Override
    public void run(Unit unit, UnitSink sink) {
        // at the cell's scale (the host's control of a guest, ext3@0.05, runs at the guest's): the
        // bindings of the cell's services and aging; each step comes resolved by the planner
        Scenario at = scenario.forCell(unit.cell().coordinates());
        Bindings bindings =
                new Bindings(at, layout, unit.cell(), unit.repeat(), null, null).withDevices(devices.nodes());
        Filesystem fs = targetFilesystem(unit.cell());
        // the same check as fsflow doctor's
        String cannotRun = CellSupport.cannotRun(scenario, unit.cell(), capabilities::missing);
        if (cannotRun == null) {
            cannotRun = services.ensure(fs, bindings);
        }
        try {
            if (cannotRun == null) {
                // before the first step: an aged cell is measured on its aged image, made once
                cannotRun = aged.ensure(unit.cell(), bindings, sink::stopping);
            }
            String cellFailed = null;
            for (PlanNode n : unit.steps()) {
                if (sink.stopping()) {
                    return;
                }
                sink.starting(n);
                // the planner resolved the step; only the unit's device nodes are bound here
                ResolvedStep step = n.step().bind(devices.nodes());
                String outcome = aged.replacesMkfs(n)
                        ? agedMkfs(n, step, unit, bindings, sink, cannotRun != null ? cannotRun : cellFailed)
                        : unit.isKept(n)
                                ? replay(n, unit, step, sink)
                                : measure(n, step, sink, cannotRun != null ? cannotRun : cellFailed);
                if (STOP.equals(outcome)) {
                    return;
                }
                cellFailed = outcome == null ? cellFailed : outcome;
            }
        } catch (org.fsflow.dataset.Ager.Stopped e) {
            info.accept("interrupted while aging " + unit.cell().id() + ": the half-aged filesystem is not kept");
        } finally {
            cleanUnit();
        }
    }

    private String measure(PlanNode n, ResolvedStep step, UnitSink sink, String skip) {
        StepOutcome m = skip != null ? steps.skipped(step, skip) : steps.measure(n, step, sink::stopping);
        Next next = sink.measured(n, m);
        return next instanceof Next.Stop ? STOP : next instanceof Next.SkipRest rest ? rest.reason() : null;
    }

    private String replay(PlanNode n, Unit unit, ResolvedStep step, UnitSink sink) {
        String problem = steps.replay(n, step, unit.kept().get(n.id()));
        if (problem != null && StepEnd.stoppedWithin(sink::stopping, StepEnd.GRACE)) {
            return STOP; // the replay was killed with the run: nothing is recorded
        }
        sink.kept(n, "replayed unmeasured to restore the cell's state");
        return problem == null ? null : "could not restore the cell's state on resume: " + problem;
    }

    // an aged cell's mkfs: the aged image is written into the device, unmeasured, and the row says so
    private String agedMkfs(PlanNode n, ResolvedStep step, Unit unit, Bindings bindings, UnitSink sink, String skip) {
        String failed = skip == null
                ? phases.timed(Phase.IMAGES, PLACE, n.id(), () -> aged.restore(unit.cell(), bindings))
                : null;
        if (unit.isKept(n)) {
            sink.kept(n, "the aged image written again");
            return failed;
        }
        StepOutcome m = steps.skipped(step, skip != null ? skip : step.skipReason());
        Next next = sink.measured(n, failed == null ? m : m.failedBecause(failed));
        return next instanceof Next.Stop ? STOP : failed != null ? failed : skip;
    }

    // the cell's filesystem on the target device, or null (no target, no filesystem axis)
    private Filesystem targetFilesystem(Cell cell) {
        Device target = scenario.devices().get(Scenario.TARGET);
        return target == null || cell.filesystem() == null ? null : StepCommand.filesystem(scenario, target, cell);
    }

    // unmount what the unit mounted and destroy what its lifecycle created, so the next unit starts clean
    private void cleanUnit() {
        for (Step s : scenario.steps()) {
            if (s.action() == Step.Action.MOUNT) {
                Device d = scenario.devices().get(s.device());
                Releaser.unmount(layout.mountPoint(d), line -> info.accept("teardown: " + line));
            }
        }
        teardown.release(Resource.UNIT);
    }

    @Override
    public List<String> left() {
        return Teardown.leftIn(layout.out().resolve(Teardown.FILE));
    }

    @Override
    public void interrupt() {
        interrupted = true;
        executor.interrupt();
    }

    // an interrupted run keeps the source image with its datasets, for resume; any other end removes it
    @Override
    public void close() {
        if (teardown == null) {
            return;
        }
        if (!interrupted) {
            teardown.releaseAll();
            return;
        }
        for (String image : teardown.releaseAllButDatasets()) {
            info.accept("kept " + image + " with the datasets: 'fsflow resume " + layout.out() + "' uses them "
                    + "again once checked; if you will not resume, remove it: rm -f " + image);
        }
    }

    /** Adds to environment.json in {@code out} how loop device {@code device} was attached. */
    private static void recordLoop(Path out, String device, LoopDevice.Attached loop) {
        org.fsflow.result.EnvironmentFile.recordLoop(out, device, loop.node(), loop.directIo(), loop.note());
    }
}
