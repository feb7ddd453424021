package org.fsflow.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Planner;
import org.fsflow.result.Measurement;
import org.fsflow.result.RepeatSeries;
import org.fsflow.result.RepetitionSpans;
import org.fsflow.scenario.Repeat;
import org.fsflow.scenario.Scenario;

/**
 * The rule of an adaptive {@code repeat: {min, max, target_cv, precision, budget}}: a cell gets one
 * more repetition in the next round while one of its series misses its target (the real time of
 * one of its steps varies more than {@code target_cv}, or its 95 % interval is wider than
 * {@code precision} of its mean) and it has fewer than {@code max}. With a budget, a round takes
 * the cells that gain the most precision per second of their repetition's span while the spans
 * fit in what is left; the round's order is drawn like a planned round's ({@link
 * Planner#roundOrder}). Measurements are matched to cells by their coordinates, never by node ids.
 */
final class AdaptiveRepeat {

    private AdaptiveRepeat() {}

    /** What the next round runs, and why the rounds end when it is empty. */
    record Round(List<Cell> cells, String ended) {}

    /**
     * The next round given {@code done}: the cells of {@code cells} that need one more repetition,
     * in the round's order; the first {@code warmup} repetitions of a cell do not count towards
     * {@code max}; {@code workload} names the steps whose series are judged (every step when none
     * of them has a value).
     */
    static Round next(
            Scenario scenario,
            int warmup,
            List<Cell> cells,
            Collection<Measurement> done,
            Set<String> workload,
            long seed) {
        Repeat repeat = scenario.repeat();
        List<Cell> missing = new ArrayList<>();
        boolean atMax = false;
        for (Cell cell : cells) {
            if (!misses(repeat, RepeatSeries.of(cell.coordinates(), done, workload))) {
                continue;
            }
            if (repetitions(cell, done) - warmup < repeat.max()) {
                missing.add(cell);
            } else {
                atMax = true;
            }
        }
        if (missing.isEmpty()) {
            return new Round(List.of(), atMax ? "max" : "target");
        }
        List<Cell> chosen = repeat.budget() == null ? missing : withinBudget(repeat, missing, done, workload);
        if (chosen.isEmpty()) {
            return new Round(List.of(), "budget");
        }
        int round = chosen.stream().mapToInt(c -> repetitions(c, done)).max().orElse(0) + 1;
        List<Cell> ordered = Planner.roundOrder(scenario, chosen, seed, round);
        return new Round(ordered, null);
    }

    /** True when one of {@code series} misses the targets of {@code repeat}. */
    static boolean misses(Repeat repeat, List<RepeatSeries> series) {
        for (RepeatSeries s : series) {
            if (s.values().size() < 2) {
                continue;
            }
            if (repeat.targetCv() > 0 && s.cv() > repeat.targetCv()) {
                return true;
            }
            if (repeat.precision() > 0 && !(s.relativeHalfWidth() <= repeat.precision())) {
                return true;
            }
        }
        return false;
    }

    // the cells whose next repetition gains the most precision per second, while their spans fit
    private static List<Cell> withinBudget(
            Repeat repeat, List<Cell> candidates, Collection<Measurement> done, Set<String> workload) {
        double left = seconds(repeat.budget()) - RepetitionSpans.spent(done);
        List<Cell> byGain = new ArrayList<>(candidates);
        byGain.sort(Comparator.comparingDouble((Cell c) -> gainPerSecond(
                        repeat,
                        RepeatSeries.of(c.coordinates(), done, workload),
                        RepetitionSpans.mean(c.coordinates(), done)))
                .reversed()
                .thenComparing(Cell::id));
        List<Cell> chosen = new ArrayList<>();
        for (Cell c : byGain) {
            double span = RepetitionSpans.mean(c.coordinates(), done);
            if (span <= left) {
                chosen.add(c);
                left -= span;
            }
        }
        return chosen;
    }

    // how far the worst series is from its target, shrunk by one more value, per second of a repetition
    private static double gainPerSecond(Repeat repeat, List<RepeatSeries> series, double span) {
        double worst = 0;
        for (RepeatSeries s : series) {
            int n = s.values().size();
            if (n < 2) {
                continue;
            }
            double now =
                    repeat.precision() > 0 ? s.relativeHalfWidth() / repeat.precision() : s.cv() / repeat.targetCv();
            double after = now * Math.sqrt((double) n / (n + 1));
            worst = Math.max(worst, Double.isFinite(now) ? now - after : Double.MAX_VALUE / 4);
        }
        return worst / Math.max(span, 1e-3);
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    /** The highest repetition of {@code cell} among {@code done}, 0 when none. */
    static int repetitions(Cell cell, Collection<Measurement> done) {
        int max = 0;
        for (Measurement m : done) {
            if (cell.coordinates().equals(m.cell())) {
                max = Math.max(max, m.repeat());
            }
        }
        return max;
    }
}
