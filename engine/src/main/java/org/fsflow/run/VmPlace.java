package org.fsflow.run;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.Measurement;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;
import org.fsflow.vm.GuestResult;

/**
 * The cells of a campaign that run under a kernel other than the host's: each unit in a throwaway
 * guest ({@link VmUnits}), its steps' results handed to the walker's sink as the guest reports
 * them, each stamped with the guest's kernel and accelerator. What it creates (images, the QEMU
 * process) is in its own registry, {@code vm-state.json}, released at close and by resume.
 */
final class VmPlace {

    /** The registry file of VM resources in the output directory. */
    static final String STATE = "vm-state.json";

    /** The directory of the guests' images, job and pid files, under the work directory. */
    static final String WORK_DIR = "vm";

    private final Scenario scenario;
    private final Layout layout;
    private final Consumer<String> info;
    private Teardown teardown;
    private volatile VmUnits units;

    VmPlace(Scenario scenario, Layout layout, Consumer<String> info) {
        this.scenario = scenario;
        this.layout = layout;
        this.info = info;
    }

    void open(boolean resume) {
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
        units = new VmUnits(scenario, layout, teardown, info);
    }

    /** Runs {@code unit} in a guest under {@code kernel}; see {@link CellPlace#run}. */
    void run(CellPlace.Unit unit, KernelSpec kernel, CellPlace.UnitSink sink) {
        StepResults results = new StepResults(
                scenario,
                layout,
                new CellPlace.Where(Environment.hostname(), null, null),
                GuestResult.CPU_METHOD,
                List::of);
        String cannot = units.cannotRun(unit.cell(), kernel);
        Unit state = new Unit(unit, sink, results);
        String problem = cannot != null ? cannot : units.run(List.of(unit.steps()), kernel, state::reported);
        if (state.stopped || sink.stopping()) {
            return;
        }
        Bindings b = new Bindings(scenario.at(kernel), layout, unit.cell(), unit.repeat(), null, null);
        boolean first = true;
        for (PlanNode n : unit.steps()) {
            if (state.handled.contains(n.id())) {
                continue;
            }
            if (unit.isKept(n)) {
                sink.kept(n, "done before the interruption");
                continue;
            }
            StepCommand cmd = StepCommand.of(n.step(), b.forStep(n.step().name()));
            String why = cmd.skipped()
                    ? cmd.skipReason()
                    : state.skipReason != null
                            ? state.skipReason
                            : cannot != null ? cannot : "not run: the VM ended before this step (" + problem + ")";
            Measurement m = results.skipped(n, b.forStep(n.step().name()), why);
            if (first && cannot == null && problem != null && !cmd.skipped() && state.skipReason == null) {
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
        final StepResults results;
        final Set<String> handled = new HashSet<>();
        String skipReason;
        boolean stopped;

        Unit(CellPlace.Unit unit, CellPlace.UnitSink sink, StepResults results) {
            this.unit = unit;
            this.sink = sink;
            this.results = results;
        }

        // called as the guest reports each step, on the walker's thread
        void reported(VmUnits.Result r) {
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
            Measurement m;
            if (skipReason != null) {
                m = results.skipped(
                        n,
                        new Bindings(
                                scenario.forCell(n.cell().coordinates()), layout, n.cell(), n.repeat(), null, null),
                        skipReason);
            } else {
                m = GuestMeasurements.measurement(
                        r,
                        results.base(n),
                        results.log(n, "out"),
                        results.log(n, "err"),
                        List.of(results.relative(results.log(n, "out")), results.relative(results.log(n, "err"))));
                String parser = n.step().action() == Step.Action.CAPACITY
                        ? "capacity"
                        : n.step().parse();
                m = parser == null || !m.ok() ? m : LocalSteps.parsed(m, parser, n, results);
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

    /** Ends the running guest at once. */
    void interrupt() {
        VmUnits u = units;
        if (u != null) {
            u.kill();
        }
    }

    void close() {
        if (teardown != null) {
            teardown.releaseAll();
        }
    }
}
