package org.fsflow.run;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.plan.Cell;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Disturbance;
import org.fsflow.result.Measurement;
import org.fsflow.scenario.Scenario;

/**
 * {@code quiet: retake}: a measured step of the workload that other processes disturbed ({@link
 * Disturbance}) is marked {@code retaken}, left out of the statistics, and its cell runs one more
 * repetition in its place; each cell may use {@code retake} repetitions so (two disturbed steps of
 * one repetition use one), after which a disturbed step is marked {@code disturbed} and counted.
 * What is retaken is read from the rows themselves, so a resumed run goes on where it stopped.
 */
final class Retakes {

    private final int limit;
    private final Map<Map<String, String>, Set<Integer>> used = new HashMap<>();

    Retakes(Scenario scenario) {
        this.limit = scenario.quiet().retake();
    }

    /** Takes the retakes of a row done before (resume) as used. */
    void kept(Measurement m) {
        if (m.takenAgain()) {
            used.computeIfAbsent(m.cell(), k -> new HashSet<>()).add(m.repeat());
        }
    }

    /** {@code m}, the measurement of node {@code n}, marked {@code retaken} or {@code disturbed} when disturbed. */
    Measurement judged(PlanNode n, Measurement m) {
        if (limit == 0 || !m.ok() || m.warmup() || n.step().action() != null || !Disturbance.disturbed(m)) {
            return m;
        }
        Set<Integer> repetitions = used.computeIfAbsent(m.cell(), k -> new HashSet<>());
        boolean again = repetitions.contains(m.repeat()) || repetitions.size() < limit;
        if (again) {
            repetitions.add(m.repeat());
        }
        return m.toBuilder().disturbance(true, again).build();
    }

    /**
     * The cells that a retaken step left short of {@code min} measurements of that step (those
     * neither warm-ups nor retaken), in {@code cells}' order: each runs one more repetition.
     */
    static List<Cell> shortOf(List<Cell> cells, Collection<Measurement> done, int min) {
        Map<Map<String, String>, Map<String, Integer>> taken = new HashMap<>();
        Map<Map<String, String>, Set<String>> retaken = new HashMap<>();
        for (Measurement m : done) {
            if (m.warmup() || m.cell() == null) {
                continue;
            }
            if (m.takenAgain()) {
                retaken.computeIfAbsent(m.cell(), k -> new HashSet<>()).add(m.step());
            } else {
                taken.computeIfAbsent(m.cell(), k -> new HashMap<>()).merge(m.step(), 1, Integer::sum);
            }
        }
        List<Cell> out = new ArrayList<>();
        for (Cell cell : cells) {
            Map<String, Integer> counts = taken.getOrDefault(cell.coordinates(), Map.of());
            boolean isShort = retaken.getOrDefault(cell.coordinates(), Set.of()).stream()
                    .anyMatch(step -> counts.getOrDefault(step, 0) < min);
            if (isShort) {
                out.add(cell);
            }
        }
        return out;
    }
}
