package org.fsflow.run;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.place.CellPlace;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.Scenario;

/**
 * Walks a plan in order: set-up and dataset nodes go to the place, the step nodes of each cell
 * repetition go to the place as one unit (consecutive units together when the place says so: one
 * guest for several), then the repetitions that replace retaken measurements ({@code quiet:
 * retake}, {@link Retakes}) and the rounds of an adaptive {@code repeat:}. It stops
 * between nodes as soon as the recorder says so (interrupt, {@code on_error: abort}).
 */
final class Walker {

    private final Plan plan;
    private final Scenario scenario;
    private final CellPlace place;
    private final Recorder recorder;
    private final Progress progress;
    private int unitCount; // planned and added, for progress

    Walker(Plan plan, CellPlace place, Recorder recorder, Progress progress) {
        this.plan = plan;
        this.scenario = plan.scenario();
        this.place = place;
        this.recorder = recorder;
        this.progress = progress;
    }

    /** Walks every node of the plan, in order, until the end or a stop. */
    void walk() {
        List<PlanNode> nodes = plan.nodes();
        int unitsTotal =
                plan.cells().size() * (scenario.warmup() + scenario.repeat().min());
        recorder.units(unitsTotal);
        int unitNumber = 0;
        int i = 0;
        while (i < nodes.size() && !recorder.stopping()) {
            PlanNode n = nodes.get(i);
            switch (n.kind()) {
                case SETUP, DATASET -> {
                    place.prepare(n, recorder::interrupted);
                    i++;
                }
                case STEP -> {
                    // the units up to the next node of another kind: the place may run several together
                    List<CellPlace.Unit> units = new ArrayList<>();
                    while (i < nodes.size() && nodes.get(i).kind() == PlanNode.Kind.STEP) {
                        int end = unitEnd(nodes, i);
                        units.add(unit(nodes.subList(i, end), ++unitNumber));
                        i = end;
                    }
                    runUnits(units);
                }
                default -> {
                    unitCount = unitsTotal;
                    retakeRounds();
                    if (scenario.repeat().adaptive()) {
                        adaptiveRounds();
                    }
                    i = nodes.size();
                }
            }
        }
    }

    // the step nodes of one unit are consecutive: same cell, same repetition
    private static int unitEnd(List<PlanNode> nodes, int start) {
        PlanNode first = nodes.get(start);
        int end = start;
        while (end < nodes.size()
                && nodes.get(end).kind() == PlanNode.Kind.STEP
                && nodes.get(end).cell() == first.cell()
                && nodes.get(end).repeat() == first.repeat()) {
            end++;
        }
        return end;
    }

    private CellPlace.Unit unit(List<PlanNode> steps, int number) {
        PlanNode first = steps.get(0);
        return new CellPlace.Unit(first.cell(), first.repeat(), steps, recorder.doneAmong(steps), number);
    }

    /**
     * Runs {@code units} in order: those done before are told kept; of the others, the place runs
     * as many together as it says ({@link CellPlace#together}), the units done before that lie
     * between them told kept first.
     */
    private void runUnits(List<CellPlace.Unit> units) {
        List<CellPlace.Unit> live = units.stream().filter(u -> !u.done()).toList();
        int next = 0; // in units
        int from = 0; // in live
        while (from < live.size() && !recorder.stopping()) {
            List<CellPlace.Unit> upcoming = live.subList(from, live.size());
            int size = Math.max(1, Math.min(upcoming.size(), place.together(upcoming)));
            CellPlace.Unit last = upcoming.get(size - 1);
            for (; units.get(next) != last; next++) {
                if (units.get(next).done()) {
                    keptAll(units.get(next));
                }
            }
            next++;
            place.runTogether(upcoming.subList(0, size), recorder);
            from += size;
        }
        for (; next < units.size() && !recorder.stopping(); next++) {
            keptAll(units.get(next)); // done before: every unit after the last that ran
        }
    }

    private void keptAll(CellPlace.Unit unit) {
        unit.steps().forEach(n -> recorder.kept(n, "done before the interruption"));
    }

    /**
     * Adds rounds of repetitions while a cell's series miss their target ({@code target_cv},
     * {@code precision}), never beyond {@code max} nor the {@code budget}: see {@link
     * AdaptiveRepeat}. The planner plans each added repetition ({@link Planner#extraUnit}) as it
     * planned the others; node ids go on (r4, r5 ...), so a resumed run finds them done.
     */
    private void adaptiveRounds() {
        java.util.Set<String> workload = scenario.steps().stream()
                .filter(st -> st.action() == null)
                .map(org.fsflow.scenario.Step::name)
                .collect(java.util.stream.Collectors.toSet());
        while (!recorder.stopping()) {
            retakeRounds();
            if (recorder.stopping()) {
                return;
            }
            AdaptiveRepeat.Round next = AdaptiveRepeat.next(
                    scenario, scenario.warmup(), plan.cells(), recorder.done(), workload, plan.seed());
            if (next.cells().isEmpty()) {
                progress.info("adaptive repeat: ended, "
                        + switch (next.ended()) {
                            case "max" -> "the cells still short of their target have max repetitions";
                            case "budget" -> "the budget leaves no room for another repetition";
                            default -> "every cell meets its target";
                        });
                return;
            }
            progress.info("adaptive repeat: " + next.cells().size() + " cells short of their target"
                    + ": one more repetition each");
            List<CellPlace.Unit> round = new ArrayList<>();
            for (Cell cell : next.cells()) {
                int repeat = AdaptiveRepeat.repetitions(cell, recorder.done()) + 1;
                round.add(unit(Planner.extraUnit(plan, cell, repeat), ++unitCount));
            }
            recorder.units(unitCount);
            progress.planned(round);
            runUnits(round);
        }
    }

    /**
     * Runs, for each cell that a retaken measurement left short of {@code repeat: min} ({@link
     * Retakes}), one more repetition, round after round, at most {@code quiet: retake} rounds: a
     * cell is short again only when a retake was itself disturbed.
     */
    private void retakeRounds() {
        for (int r = 0; r < scenario.quiet().retake() && !recorder.stopping(); r++) {
            List<Cell> shortCells = Retakes.shortOf(
                    plan.cells(), recorder.done(), scenario.repeat().min());
            if (shortCells.isEmpty()) {
                return;
            }
            progress.info("retakes: " + shortCells.size() + " cell" + (shortCells.size() == 1 ? "" : "s")
                    + " with a disturbed measurement taken again: one more repetition each");
            List<CellPlace.Unit> round = new ArrayList<>();
            for (Cell cell : shortCells) {
                int repeat = AdaptiveRepeat.repetitions(cell, recorder.done()) + 1;
                round.add(unit(Planner.extraUnit(plan, cell, repeat), ++unitCount));
            }
            recorder.units(unitCount);
            progress.planned(round);
            runUnits(round);
        }
    }
}
