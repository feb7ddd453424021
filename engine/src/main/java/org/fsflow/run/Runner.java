package org.fsflow.run;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fsflow.crash.CrashRows;
import org.fsflow.host.LocalHost;
import org.fsflow.host.StepExecutor;
import org.fsflow.place.CellPlace;
import org.fsflow.place.PhaseLog;
import org.fsflow.place.Teardown;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Journal;
import org.fsflow.result.Phase;
import org.fsflow.vm.VmPlace;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Runs a plan for real: the one place that chooses where cells run ({@link CellPlace}: the
 * {@link LocalHost}, with {@link KernelPlaces} for cells under another kernel), then the {@link Walker} takes the plan's nodes in order to that
 * place, and the {@link Recorder} journals each measurement as soon as it exists; finally the
 * place releases everything. Ctrl-C or SIGTERM ends the running step, tears down and returns an
 * interrupted summary (exit 3); {@code resume} continues, keeping what is done.
 */
public final class Runner {

    /** What a run did. */
    public record Summary(int ok, int failed, int skipped, boolean interrupted, boolean aborted) {
        /** The exit code: interrupted, failed when a step failed or the campaign was aborted, else ok. */
        public int exitCode() {
            ExitCode code = interrupted ? ExitCode.INTERRUPTED : failed > 0 || aborted ? ExitCode.FAILED : ExitCode.OK;
            return code.code();
        }
    }

    private final Plan plan;
    private final RunOptions options;
    private final Progress progress;
    private final Recorder recorder;
    private final CellPlace place;
    private final CrashRuns crash;
    private final java.util.concurrent.atomic.AtomicInteger interrupts =
            new java.util.concurrent.atomic.AtomicInteger();

    /** A runner of {@code plan} whose processes go through {@code executor}. */
    public Runner(Plan plan, StepExecutor executor, RunOptions options) {
        // the seam of where cells run: the host, or a VM for cells under another kernel; chosen here only
        this(
                plan,
                options,
                info -> KernelPlaces.of(
                        plan, new LocalHost(plan, executor, info), new VmPlace(plan.scenario(), plan.layout(), info)));
    }

    /** A runner of {@code plan} whose cells run at the place {@code placeFor} makes (given where its messages go). */
    Runner(Plan plan, RunOptions options, Function<Consumer<String>, CellPlace> placeFor) {
        this.plan = plan;
        this.options = options;
        this.progress = new Progress(options.progress(), options.live(), plan);
        this.recorder = new Recorder(plan, progress);
        this.place = placeFor.apply(progress::info);
        this.crash = new CrashRuns(plan, recorder, progress::info, org.fsflow.crash.CrashCell::run);
    }

    private record Before(Phase phase, Instant start, Instant end) {}

    private final List<Before> before = new java.util.ArrayList<>();

    /** The disks' baselines were measured from {@code start} to {@code end}, before the run: for its timeline. */
    void baselineMeasured(Instant start, Instant end) {
        before.add(new Before(Phase.BASELINE, start, end));
    }

    /** Runs the plan; the output directory must already hold scenario.yaml and environment.json. */
    public Summary run() {
        Path out = plan.layout().out();
        place.open(options.resume());
        if (options.resume()) {
            if (CrashRows.cutPartialTail(out.resolve(Journal.FILE))) {
                progress.info("the last crash cell's rows were torn by the interruption: it runs again whole");
            }
            recorder.keep(Journal.read(out.resolve(Journal.FILE)));
            progress.info(resuming(recorder, plan));
            java.util.Set<String> planned = new java.util.HashSet<>();
            plan.nodes().forEach(n -> planned.add(n.id()));
            recorder.done().stream().filter(m -> !planned.contains(m.node())).forEach(progress::keptAdded);
        }
        Map<String, SignalHandler> previous = onSignals(this::interrupt);
        try (Journal j = Journal.open(out.resolve(Journal.FILE));
                PhaseLog phases = PhaseLog.open(out)) {
            recorder.writeTo(j);
            phases.listen(progress::phase);
            String host = org.fsflow.result.Places.label(
                    org.fsflow.place.Where.hostname(), org.fsflow.device.Capabilities.kernelRelease(), "host");
            before.forEach(b -> phases.record(b.phase(), host, "baseline", b.start(), b.end()));
            place.record(phases);
            crash.record(phases);
            new Walker(plan, place, recorder, progress).walk();
            crash.run();
        } finally {
            place.close();
            if (interrupts.get() >= 2) {
                // after a second Ctrl-C the user waits for this line: done, or what is left and how to remove it
                List<String> left = left();
                progress.info(
                        left.isEmpty()
                                ? "the teardown ended: nothing is left to release"
                                : "the teardown ended, but left these (release them with these commands, in this order):");
                left.forEach(line -> progress.info("  " + line));
            }
            previous.forEach((name, handler) -> Signal.handle(new Signal(name), handler));
            progress.end();
        }
        return recorder.summary();
    }

    /** Ends the running step and stops the run after it (Ctrl-C, SIGTERM). */
    public void interrupt() {
        if (interrupts.incrementAndGet() == 2) {
            // a second Ctrl-C must not look ignored, nor abandon what is set up
            List<String> left = left();
            progress.info("interrupted again: the teardown goes on until everything set up is released; if this "
                    + "process is killed, 'fsflow resume " + plan.layout().out() + "' releases what is left (listed in "
                    + Teardown.FILE + ")" + (left.isEmpty() ? "" : ", or these commands, in this order:"));
            left.forEach(line -> progress.info("  " + line));
        }
        recorder.interrupt();
        crash.interrupt();
        place.interrupt();
    }

    // what the place's registries still list, in the order to release them
    private List<String> left() {
        return place.left();
    }

    private static Map<String, SignalHandler> onSignals(Runnable action) {
        Map<String, SignalHandler> previous = new LinkedHashMap<>();
        for (String name : List.of("INT", "TERM")) {
            previous.put(name, Signal.handle(new Signal(name), sig -> action.run()));
        }
        return previous;
    }

    /**
     * What a resumed run keeps: the plan's measured nodes already done, and apart from them the
     * repetitions an adaptive or retake round added, which the plan does not count.
     */
    static String resuming(Recorder recorder, Plan plan) {
        List<PlanNode> measured =
                plan.nodes().stream().filter(PlanNode::measured).toList();
        int planned = recorder.doneAmong(measured).size();
        long added = recorder.done().size() - recorder.doneAmong(plan.nodes()).size();
        return "resuming: " + planned + " of " + measured.size() + " measured nodes already done"
                + (added > 0
                        ? ", and " + added + " measurements of repetitions added by adaptive or retake rounds"
                        : "");
    }
}
