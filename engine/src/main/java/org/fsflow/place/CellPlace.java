package org.fsflow.place;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.fsflow.plan.Cell;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Measurement;

/**
 * Where the cells of a campaign run: the seam between the walker (order, {@code on_error},
 * resume, interrupts, adaptive repetition, the journal) and the machine that executes steps.
 * The places are {@code run.LocalHost} (the machine's own kernel) and {@code vm.VmPlace} (a
 * throwaway QEMU guest under another kernel, or on request a user-mode Linux one, which receives a unit's steps as one job and streams
 * back one result per step), put together by {@code run.KernelPlaces} and chosen in
 * {@code run.Runner} alone; the walker, the journal and the reports do not change with them.
 * Every place hands back one {@link StepOutcome} per step, which one builder
 * ({@code run.StepResults}) turns into its {@link Measurement}. Remote hosts ({@code run --hosts})
 * are not a place: each runs a whole fsflow of its own (see {@code hosts.HostsCampaign}).
 *
 * <p>The contract, in the order the runner calls it:
 * <ol>
 * <li>{@link #open} once, before anything else: check what must be refused before anything runs,
 *     and, on resume, release what a killed run left set up at this place.
 * <li>{@link #prepare} for each setup and dataset node of the plan, in plan order.
 * <li>{@link #run} for each unit (one repetition of one cell), in plan order, then for the
 *     repetitions an adaptive {@code repeat:} adds. The place runs each step as the planner
 *     resolved it ({@link PlanNode#step()}, a {@link org.fsflow.plan.ResolvedStep}), binding only
 *     its own device nodes ({@code ResolvedStep.bind}), one at a time, and hands
 *     every step's {@link StepOutcome} to the sink as soon as it exists, each one saying where it
 *     ran. It obeys the sink's {@link Next} after every step (a place that runs the
 *     steps ahead in a batch stops the batch there, and records the rest as skipped with the
 *     reason given). Steps the sink already holds ({@link Unit#kept}) are not measured again: the
 *     place restores the state they left (the local host replays them unmeasured) and tells the
 *     sink with {@link UnitSink#kept}. Before each step it asks {@link UnitSink#stopping()}, and
 *     returns at once when it is true. Whatever the unit mounted or created is released before
 *     {@code run} returns, so the next unit starts clean.
 * <li>Units may run together: the walker asks {@link #together} how many of the next units (the
 *     plan's order, none done yet, no other node between them) the place runs in one go, and
 *     hands them to {@link #runTogether}, which runs each as {@link #run} would and tells the sink
 *     {@link UnitSink#begins} before each one. The host runs one unit at a time; a guest runs the
 *     consecutive units of one kernel and one guest shape in one boot ({@code vm: { reuse: true }}).
 * <li>{@link #interrupt} from another thread (Ctrl-C, SIGTERM): end the running step now; its
 *     outcome, if the place still hands one over, is discarded by the sink. {@link #left} may be
 *     asked then, and after {@link #close}.
 * <li>{@link #close} once, on success, failure and interrupt alike: release everything the place
 *     set up, newest first.
 * </ol>
 * A place throws an unchecked exception with the message for the user ({@code run.RunFailure} on
 * the host) for a problem that stops the campaign (a device that cannot be set up), and reports a
 * step that cannot run there (a filesystem its kernel lacks) as a skipped outcome with the reason
 * and the fix.
 */
public interface CellPlace {

    /** Makes the place ready; on {@code resume}, first releases what an interrupted run left set up. */
    void open(boolean resume);

    /** Records the place's unmeasured work (datasets, images, boots, caches dropped ...) in {@code log}; none by default. */
    default void record(PhaseLog log) {}

    /** Executes a setup or dataset node; {@code stop} turns true when the run is interrupted. */
    void prepare(PlanNode node, BooleanSupplier stop);

    /** Runs one unit, handing each step's measurement to {@code sink} and obeying its answer. */
    void run(Unit unit, UnitSink sink);

    /**
     * How many units at the head of {@code upcoming} this place runs in one go with
     * {@link #runTogether}: 1 unless it shares a set-up between consecutive units. {@code upcoming}
     * are the next units of the run in its order, none of them done, no other node between them.
     */
    default int together(List<Unit> upcoming) {
        return 1;
    }

    /**
     * Runs {@code units} (as many as {@link #together} said), in order, each as {@link #run} would,
     * telling {@code sink} {@link UnitSink#begins} before each one's first step.
     */
    default void runTogether(List<Unit> units, UnitSink sink) {
        for (Unit u : units) {
            if (sink.stopping()) {
                return;
            }
            sink.begins(u);
            run(u, sink);
        }
    }

    /** Ends the running step at once (called from another thread). */
    void interrupt();

    /** Releases everything the place set up, newest first. */
    void close();

    /**
     * What this place's registries of resources still list (after an interrupt, or a teardown that
     * failed), as the commands that release them by hand, in the order to run them.
     */
    List<String> left();

    /**
     * One repetition of one cell: its step nodes in order.
     *
     * @param cell   the cell
     * @param repeat the 1-based repetition
     * @param steps  the step nodes, in execution order
     * @param kept   the stored measurement of each step node already done (resume), by node id
     * @param number its position among the run's units, 1-based (for progress)
     */
    record Unit(Cell cell, int repeat, List<PlanNode> steps, Map<String, Measurement> kept, int number) {

        /** True when {@code node} was measured before and must not run measured again. */
        public boolean isKept(PlanNode node) {
            return kept.containsKey(node.id());
        }

        /** True when every step was measured before: nothing of the unit runs again. */
        public boolean done() {
            return kept.size() == steps.size();
        }
    }

    /** What a place does after a step's measurement was handed over. */
    sealed interface Next {
        /** Run the next step. */
        record Continue() implements Next {}

        /** Record every further step of the unit as skipped for {@code reason}, without running it. */
        record SkipRest(String reason) implements Next {}

        /** Run nothing more of this unit (the campaign is aborted or interrupted). */
        record Stop() implements Next {}
    }

    /** Where a place hands what happens in a unit: the runner's journal, counts and progress. */
    interface UnitSink {

        /** True once the run must stop (interrupted, or aborted by {@code on_error: abort}). */
        boolean stopping();

        /** {@code unit} begins now (its first step, or the first it reports, is next). */
        void begins(Unit unit);

        /** {@code node} starts now. */
        void starting(PlanNode node);

        /** {@code node} was done before; {@code detail} says what the place did about it. */
        void kept(PlanNode node, String detail);

        /** Records {@code node}'s outcome as its measurement; returns what to do next. */
        Next measured(PlanNode node, StepOutcome outcome);
    }
}
