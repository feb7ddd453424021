package org.fsflow.doctor;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.fsflow.result.Measurement;

/**
 * What an earlier run spent between its measured steps, read from its rows' times: the time from
 * the end of the row before a row (any place) to the row's end, less the row's real time. Before
 * a step it is the unmeasured work around it (caches dropped, the previous copy checked, blocks
 * released before a mkfs), which grows with the step's data: doctor carries it with the step. The
 * gap before the first row of a repetition in a VM is that repetition's start, which does not: a
 * VM's boot or a new cell in the running guest when the row before was of another cell, the hand-over to the
 * same guest when it was of the same cell (consecutive repetitions share a guest). Doctor adds
 * each as it was: a guest's starts by their mean (a boot and a new cell in the running guest are both
 * real), the time around a step by its median over the step's repetitions, so that a one-off gap
 * counts as the typical one, not as time around the step. The pause of a run interrupted and resumed
 * (environment.json's {@code resumes}) is left out altogether.
 */
final class UnmeasuredTime {

    private final List<Measurement> rows = new ArrayList<>();
    private Map<CellStep, List<Double>> around;
    private final List<Double> boots = new ArrayList<>();
    private final List<Double> next = new ArrayList<>();
    private final List<Instant> resumes = new ArrayList<>();

    /** Learns from one row of the earlier run. */
    void add(Measurement m) {
        if (m.endedAt() != null && m.cell() != null) {
            rows.add(m);
            around = null;
        }
    }

    /** Learns that the run was resumed at {@code at}: the gap around that instant is the pause, not a step's. */
    void resumedAt(Instant at) {
        resumes.add(at);
        around = null;
    }

    /** The median seconds before {@code step} in the cell with {@code coordinates}, beyond the step's own. */
    OptionalDouble around(Map<String, String> coordinates, String step) {
        learn();
        return median(around.get(new CellStep(coordinates, step)));
    }

    /**
     * The mean seconds a guest cell repetition took to start after another cell's rows (a boot, or a
     * new cell in the running guest: both kinds count as they came); empty when none.
     */
    OptionalDouble guestBoot() {
        learn();
        return boots.stream().mapToDouble(Double::doubleValue).average();
    }

    /** The mean seconds a guest cell repetition took to start after its cell's previous repetition; empty when none. */
    OptionalDouble guestNext() {
        learn();
        return next.stream().mapToDouble(Double::doubleValue).average();
    }

    private static OptionalDouble median(List<Double> values) {
        return values == null || values.isEmpty()
                ? OptionalDouble.empty()
                : OptionalDouble.of(new Median()
                        .evaluate(
                                values.stream().mapToDouble(Double::doubleValue).toArray()));
    }

    /** A step of a cell, the cell by its coordinates (a map's equality ignores their order). */
    private record CellStep(Map<String, String> cell, String step) {
        CellStep {
            cell = Map.copyOf(cell);
        }
    }

    private void learn() {
        if (around != null) {
            return;
        }
        around = new HashMap<>();
        List<Ended> timed = rows.stream()
                .map(m -> new Ended(m, instant(m.endedAt())))
                .filter(e -> e.at() != null)
                .sorted(Comparator.comparing(Ended::at))
                .toList();
        boots.clear();
        next.clear();
        Set<String> started = new HashSet<>();
        Ended before = null;
        for (Ended e : timed) {
            Measurement m = e.row();
            if (before != null && !pausedBetween(before.at(), e.at())) {
                double wall = Duration.between(before.at(), e.at()).toNanos() / 1e9;
                double gap = Math.max(0, wall - (m.realS() == null ? 0 : m.realS()));
                if (isGuest(m) && started.add(m.cell() + "/r" + m.repeat())) {
                    (m.cell().equals(before.row().cell()) ? next : boots).add(gap);
                } else {
                    around.computeIfAbsent(new CellStep(m.cell(), m.step()), k -> new ArrayList<>())
                            .add(gap);
                }
            }
            before = e;
        }
    }

    // whether a resume started after the row ending at `from` and before the one ending at `to`
    private boolean pausedBetween(Instant from, Instant to) {
        return resumes.stream().anyMatch(r -> r.isAfter(from) && !r.isAfter(to));
    }

    private record Ended(Measurement row, Instant at) {}

    private static boolean isGuest(Measurement m) {
        return m.virt() != null && !m.virt().equals("host");
    }

    private static Instant instant(String iso) {
        try {
            return iso == null ? null : Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
