package org.fsflow.vm;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fsflow.place.CellPlace;
import org.fsflow.place.Resource;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Teardown;
import org.fsflow.place.Where;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;

/**
 * The place of the cells that run under a kernel other than the host's: each unit in a throwaway
 * guest ({@link VmUnits}), its steps' outcomes handed to the walker's sink as the guest reports
 * them, each saying the guest's kernel and accelerator. What it creates (images, the QEMU
 * process) is in its own registry, {@code vm-state.json}, released at close and by resume. Its
 * devices and datasets are the host's: {@link #prepare} has nothing to do.
 */
public final class VmPlace implements CellPlace {

    /** The registry file of VM resources in the output directory. */
    public static final String STATE = "vm-state.json";

    /** The directory of the guests' images, job and pid files, under the work directory. */
    public static final String WORK_DIR = "vm";

    /** What boots the guests: {@link VmUnits}, or a fake machine in unit tests. */
    public interface Guests {

        /** Why {@code cell} cannot run in a guest under {@code kernel}, or null. */
        String cannotRun(Cell cell, KernelSpec kernel);

        /**
         * Runs {@code units} (cell repetitions, in order) in one guest under {@code kernel}; each
         * step's result goes to {@code sink} as the guest reports it. Returns null, or why the guest
         * did not finish (the steps it did not report are not sent).
         */
        String run(List<List<PlanNode>> units, KernelSpec kernel, Consumer<Result> sink);

        /** Kills the running guest at once (called from another thread). */
        void kill();
    }

    /**
     * One step's result in the guest.
     *
     * @param node    the plan node it belongs to
     * @param guest   what the guest reported
     * @param command the command as the host shows it
     * @param where   where it ran: this host, the guest's kernel and accelerator
     */
    public record Result(PlanNode node, GuestResult guest, String command, Where where) {}

    private final Scenario scenario;
    private final Layout layout;
    private final Consumer<String> info;
    private final Function<Teardown, Guests> machine;
    private Teardown teardown;
    private volatile Guests units;

    /** The place of {@code scenario}'s guest cells, each booted by {@link VmUnits}. */
    public VmPlace(Scenario scenario, Layout layout, Consumer<String> info) {
        this(scenario, layout, info, t -> new VmUnits(scenario, layout, t, info));
    }

    /** The place of {@code scenario}'s guest cells, their guests booted by what {@code machine} makes. */
    public VmPlace(Scenario scenario, Layout layout, Consumer<String> info, Function<Teardown, Guests> machine) {
        this.scenario = scenario;
        this.layout = layout;
        this.info = info;
        this.machine = machine;
    }

    @Override
    public void open(boolean resume) {
        Path state = layout.out().resolve(STATE);
        if (resume) {
            int left = Teardown.releaseLeftovers(state, info);
            if (left > 0) {
                info.accept("released " + left + " VM resources left by the interrupted run");
            }
            VmResources.removeDeadGuestFiles(layout.work().resolve(WORK_DIR));
        }
        teardown = new Teardown(state, line -> info.accept("teardown: " + line));
        Path dir = layout.work().resolve(WORK_DIR);
        if (!java.nio.file.Files.isDirectory(dir)) {
            // removed (when empty) before the host's teardown, so the work directory it made goes too
            teardown.register(Resource.dir(dir.toString()));
        }
        units = machine.apply(teardown);
    }

    @Override
    public void prepare(PlanNode node, BooleanSupplier stop) {
        // the host prepares the devices and datasets guests use (their images are made from them)
    }

    @Override
    public void run(CellPlace.Unit unit, CellPlace.UnitSink sink) {
        KernelSpec kernel = scenario.kernelOf(unit.cell().coordinates());
        String cannot = units.cannotRun(unit.cell(), kernel);
        Unit state = new Unit(unit, sink);
        String problem = cannot != null ? cannot : units.run(List.of(unit.steps()), kernel, state::reported);
        if (state.stopped || sink.stopping()) {
            return;
        }
        boolean first = true;
        for (PlanNode n : unit.steps()) {
            if (state.handled.contains(n.id())) {
                continue;
            }
            if (unit.isKept(n)) {
                sink.kept(n, "done before the interruption");
                continue;
            }
            String why = n.step().skipped()
                    ? n.step().skipReason()
                    : state.skipReason != null
                            ? state.skipReason
                            : cannot != null ? cannot : "not run: the VM ended before this step (" + problem + ")";
            StepOutcome m = skipped(n, why);
            if (first && cannot == null && problem != null && !n.step().skipped() && state.skipReason == null) {
                m = m.failedBecause(problem);
                first = false;
            }
            if (!state.follow(sink.measured(n, m))) {
                return;
            }
        }
    }

    /** What one unit's guest has reported so far, and what the sink answered. */
    private final class Unit {
        final CellPlace.Unit unit;
        final CellPlace.UnitSink sink;
        final Set<String> handled = new HashSet<>();
        String skipReason;
        boolean stopped;

        Unit(CellPlace.Unit unit, CellPlace.UnitSink sink) {
            this.unit = unit;
            this.sink = sink;
        }

        // called as the guest reports each step, on the walker's thread
        void reported(Result r) {
            PlanNode n = r.node();
            if (stopped) {
                return;
            }
            handled.add(n.id());
            if (unit.isKept(n)) {
                sink.kept(n, "measured before the interruption; run again unmeasured in a fresh guest");
                return;
            }
            if (sink.stopping()) {
                stop();
                return;
            }
            sink.starting(n);
            StepOutcome m;
            if (skipReason != null) {
                m = skipped(n, skipReason);
            } else {
                VmResources.write(layout.log(n.id(), "out"), r.guest().stdout());
                VmResources.write(layout.log(n.id(), "err"), r.guest().stderr());
                m = r.guest().outcome().reported(r.command(), r.where(), layout.logs(n.id()));
            }
            follow(sink.measured(n, m));
        }

        boolean follow(CellPlace.Next next) {
            if (next instanceof CellPlace.Next.SkipRest s) {
                skipReason = s.reason();
            } else if (next instanceof CellPlace.Next.Stop) {
                stop();
            }
            return !stopped;
        }

        private void stop() {
            stopped = true;
            interrupt();
        }
    }

    // a step the guest did not run, as the planner resolved it: where says this host, no kernel reached
    private static StepOutcome skipped(PlanNode n, String reason) {
        return StepOutcome.skipped(n.step().command().text(), reason, new Where(Where.hostname(), null, null));
    }

    @Override
    public List<String> left() {
        return Teardown.leftIn(layout.out().resolve(STATE));
    }

    @Override
    public void interrupt() {
        Guests u = units;
        if (u != null) {
            u.kill();
        }
    }

    @Override
    public void close() {
        if (teardown != null) {
            teardown.releaseAll();
        }
    }
}
