package org.fsflow.doctor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.TDistribution;
import org.fsflow.plan.Cell;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.RepeatSeries;
import org.fsflow.run.Progress;
import org.fsflow.scenario.Repeat;
import org.fsflow.scenario.Scenario;

/**
 * The repetitions an adaptive {@code repeat:} is expected to take, cell by cell, from the spread
 * of an earlier run's series of the same cells: a series with coefficient of variation cv meets a
 * {@code precision} p at the least n where Student's t(0.975, n - 1) times cv over the square root
 * of n is at most p (the rule the run applies, {@link RepeatSeries#relativeHalfWidth}); a {@code
 * target_cv} is met at {@code min} when cv is under it and never otherwise (more values do not lower
 * a spread). A cell repeats while one of its series misses, so its worst series decides; none is
 * taken beyond {@code max}. The budget is applied by {@link Doctor} to the seconds these come to.
 *
 * @param repetitions cell id to its expected repetitions, for the cells the earlier run measured
 * @param unknown     the cells it did not measure (counted at {@code min})
 * @param worst       cell id to its series that decides, with its cv then ("copy-in cv 31 % at n = 3")
 * @param repeat      the scenario's repeat
 */
public record RoundsForecast(
        Map<String, Integer> repetitions, List<String> unknown, Map<String, String> worst, Repeat repeat) {

    /** The forecast for {@code cells} of {@code s} from the run in {@code previous}; empty for a fixed count. */
    static Optional<RoundsForecast> of(Scenario s, List<Cell> cells, Path previous) {
        Repeat repeat = s.repeat();
        if (!repeat.adaptive()) {
            return Optional.empty();
        }
        List<Measurement> then = Journal.read(previous.resolve(Journal.FILE));
        Set<String> workload = s.steps().stream()
                .filter(st -> st.action() == null)
                .map(org.fsflow.scenario.Step::name)
                .collect(Collectors.toSet());
        Map<String, Integer> reps = new LinkedHashMap<>();
        Map<String, String> worst = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        for (Cell c : cells) {
            int most = -1;
            for (RepeatSeries series : RepeatSeries.of(c.coordinates(), then, workload)) {
                if (series.values().size() < 2 || !Double.isFinite(series.cv())) {
                    continue;
                }
                int n = needed(repeat, series.cv());
                if (n > most) {
                    most = n;
                    worst.put(
                            c.id(),
                            String.format(
                                    Locale.ROOT,
                                    "%s cv %.0f %% at n = %d",
                                    series.step(),
                                    100 * series.cv(),
                                    series.values().size()));
                }
            }
            if (most < 0) {
                unknown.add(c.id());
            } else {
                reps.put(c.id(), most);
            }
        }
        return Optional.of(new RoundsForecast(reps, unknown, worst, repeat));
    }

    /** The repetitions a series of coefficient of variation {@code cv} needs under {@code repeat}. */
    static int needed(Repeat repeat, double cv) {
        int n = Math.max(repeat.min(), 2);
        if (repeat.targetCv() > 0 && cv > repeat.targetCv()) {
            return repeat.max();
        }
        if (repeat.precision() > 0) {
            while (n < repeat.max()
                    && new TDistribution(null, n - 1).inverseCumulativeProbability(0.975) * cv / Math.sqrt(n)
                            > repeat.precision()) {
                n++;
            }
        }
        return Math.min(Math.max(n, repeat.min()), repeat.max());
    }

    /** How many times its planned repetitions {@code cell} is expected to run (1 when unknown). */
    double factor(Cell cell) {
        Integer n = repetitions.get(cell.id());
        return n == null ? 1 : (double) n / repeat.min();
    }

    /**
     * The share of {@code target} seconds (the expected repetitions' steps and the time around them)
     * that the budget lets run: it ends the rounds once the repetitions' spans reach it, but never
     * before the {@code planned} repetitions; 1 without a budget or when all of it fits.
     */
    double budgetShare(double target, double planned) {
        if (repeat.budget() == null || target <= 0) {
            return 1;
        }
        double budget = repeat.budget().toMillis() / 1000.0;
        return target <= budget ? 1 : Math.max(budget, planned) / target;
    }

    /**
     * One line for doctor: the repetitions expected, how many cells reach {@code max}, and whether
     * the budget ends the rounds first ({@code budgetShare}: the share of the target's time that
     * fits in it, 1 when all of it does).
     */
    String line(double budgetShare) {
        long atMax =
                repetitions.values().stream().filter(n -> n >= repeat.max()).count();
        List<String> each = new ArrayList<>();
        repetitions.forEach((cell, n) -> each.add(cell + " " + n + " (" + worst.get(cell) + ")"));
        String target = repeat.precision() > 0
                ? "a precision of " + percent(repeat.precision())
                : "a cv of " + percent(repeat.targetCv());
        StringBuilder b = new StringBuilder("repetitions: for " + target + " from the spread of that run's series, ");
        b.append(each.isEmpty() ? "none known" : String.join(", ", each));
        if (!unknown.isEmpty()) {
            b.append("; ")
                    .append(unknown.size())
                    .append(" cells it did not measure counted at min ")
                    .append(repeat.min());
        }
        if (atMax > 0) {
            b.append("; ").append(atMax).append(" of them at max ").append(repeat.max());
        }
        if (budgetShare < 1) {
            b.append(String.format(
                    Locale.ROOT,
                    "; the budget of %s ends the rounds first (about %.0f %% of the time those take fits in it)",
                    Progress.clock(repeat.budget().toMillis() / 1000.0),
                    100 * budgetShare));
        }
        return b.toString();
    }

    // 0.05 as "5 %", 0.025 as "2.5 %"
    private static String percent(double share) {
        return new java.math.BigDecimal(100 * share)
                        .round(new java.math.MathContext(3))
                        .stripTrailingZeros()
                        .toPlainString()
                + " %";
    }
}
