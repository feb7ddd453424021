package org.fsflow.vm;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.place.CellPlace;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Where;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;

/**
 * The host's side of one guest that runs one or more consecutive cell repetitions (units) in one
 * boot. Each result the guest reports goes to its own unit, found by its plan node (never by its
 * rank in the stream); the sink hears {@link CellPlace.UnitSink#begins} when the guest enters a
 * unit, and its answer after a step holds for that unit alone (skip the rest of it) or for the
 * guest (stop: the guest is killed). When the guest ends early, the unit it was in fails its
 * running step and skips the rest, as a guest of its own would; the units it had not begun are
 * handed back by {@link #finish}, each to run in a fresh guest.
 */
final class GuestGroup {

    private final List<CellPlace.Unit> units;
    private final CellPlace.UnitSink sink;
    private final Layout layout;
    private final Runnable kill;
    private final Map<String, Integer> unitOf = new HashMap<>();
    private final Set<String> handled = new HashSet<>();
    private int current = -1;
    private String skipReason;
    private boolean stopped;

    /** The host's side of a guest running {@code units}; {@code kill} kills it at once. */
    GuestGroup(List<CellPlace.Unit> units, CellPlace.UnitSink sink, Layout layout, Runnable kill) {
        this.units = units;
        this.sink = sink;
        this.layout = layout;
        this.kill = kill;
        for (int i = 0; i < units.size(); i++) {
            for (PlanNode n : units.get(i).steps()) {
                unitOf.put(n.id(), i);
            }
        }
    }

    /** One step's result, as the guest reports it (on the walker's thread). */
    void reported(VmPlace.Result r) {
        Integer u = unitOf.get(r.node().id());
        if (stopped || u == null || u < current) {
            return;
        }
        enter(u);
        PlanNode n = r.node();
        handled.add(n.id());
        CellPlace.Unit unit = units.get(current);
        if (unit.isKept(n)) {
            sink.kept(
                    n,
                    "measured before the interruption; run again unmeasured in "
                            + (current == 0 ? "a fresh guest" : "the guest"));
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
            Where where = r.where().inGuest(current + 1);
            m = r.guest().outcome().reported(r.command(), where, layout.logs(n.id()));
        }
        follow(sink.measured(n, m));
    }

    /** No guest can run these units: every step is skipped for {@code why}. */
    void refuse(String why) {
        for (int i = 0; i < units.size() && !stopped && !sink.stopping(); i++) {
            enter(i);
            close(why, null);
        }
    }

    /**
     * The guest has ended ({@code end}): the steps no guest reported are recorded (the unit the
     * guest died in fails its running step), and the units it never began are returned, to run
     * each in a fresh guest. Nothing is returned after a stop.
     */
    List<CellPlace.Unit> finish(VmPlace.Ended end) {
        if (stopped || sink.stopping()) {
            return List.of();
        }
        if (end.problem() == null) {
            for (int i = Math.max(current, 0); i < units.size() && !stopped; i++) {
                enter(i);
                close(null, null);
            }
            return List.of();
        }
        int blamed = blamed(end.running());
        int last = Math.max(current, blamed);
        for (int i = Math.max(current, 0); i <= last && !stopped; i++) {
            enter(i);
            close(null, i == blamed ? problem(end.problem(), i) : null);
        }
        return stopped || sink.stopping() ? List.of() : units.subList(last + 1, units.size());
    }

    // the unit the guest died in: that of its running step; else the one it left unfinished; the
    // first when it reported nothing (its boot failed); else none (it died between two units)
    private int blamed(PlanNode running) {
        if (running != null && unitOf.containsKey(running.id())) {
            return unitOf.get(running.id());
        }
        if (current < 0) {
            return 0;
        }
        boolean unfinished = units.get(current).steps().stream()
                .anyMatch(n -> !handled.contains(n.id()) && !n.step().skipped());
        return unfinished ? current : -1;
    }

    private String problem(String problem, int index) {
        return index == 0
                ? problem
                : problem + " (in a guest reused: it had run " + index + " cell repetition" + (index == 1 ? "" : "s")
                        + " before this one)";
    }

    // the guest moves on to unit u: the units before it are closed, each unit begins
    private void enter(int u) {
        while (current < u && !stopped) {
            if (current >= 0) {
                close(null, null);
            }
            current++;
            skipReason = null;
            sink.begins(units.get(current));
        }
    }

    /**
     * Records the steps of the current unit the guest did not report: skipped as the planner
     * decided, or for {@code refused}, or the first one failed for {@code problem} and the rest
     * skipped; steps done before the interruption are told kept.
     */
    private void close(String refused, String problem) {
        CellPlace.Unit unit = units.get(current);
        boolean first = true;
        for (PlanNode n : unit.steps()) {
            if (stopped || !handled.add(n.id())) {
                continue;
            }
            if (unit.isKept(n)) {
                sink.kept(n, "done before the interruption");
                continue;
            }
            String why = n.step().skipped()
                    ? n.step().skipReason()
                    : skipReason != null
                            ? skipReason
                            : refused != null
                                    ? refused
                                    : "not run: the VM ended before this step"
                                            + (problem != null ? " (" + problem + ")" : "");
            StepOutcome m = skipped(n, why);
            if (first
                    && problem != null
                    && refused == null
                    && skipReason == null
                    && !n.step().skipped()) {
                m = m.failedBecause(problem);
                first = false;
            }
            follow(sink.measured(n, m));
        }
    }

    private void follow(CellPlace.Next next) {
        if (next instanceof CellPlace.Next.SkipRest s) {
            skipReason = s.reason();
        } else if (next instanceof CellPlace.Next.Stop) {
            stop();
        }
    }

    private void stop() {
        stopped = true;
        kill.run();
    }

    // a step the guest did not run, as the planner resolved it: where says this host, no kernel reached
    private static StepOutcome skipped(PlanNode n, String reason) {
        return StepOutcome.skipped(n.step().command().text(), reason, new Where(Where.hostname(), null, null));
    }
}
