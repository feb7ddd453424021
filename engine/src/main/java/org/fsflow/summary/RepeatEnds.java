package org.fsflow.summary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.plan.Cell;
import org.fsflow.result.RepeatSeries;
import org.fsflow.result.Series;
import org.fsflow.scenario.Step;

/**
 * Per series of an adaptive repeat, what ended its repetitions, from the run's settings and
 * results: its target met ({@code precision}, {@code target_cv}), {@code max} reached, or the
 * {@code budget} spent; "stopped" when none of those (the run ended before: an interrupt, a failure).
 * The series are those the rounds judged ({@link RepeatSeries}): each workload step of each cell.
 */
public final class RepeatEnds {

    /** What ended a series' repetitions. */
    public enum Ended {
        TARGET("target met"),
        MAX("max reached"),
        BUDGET("budget spent"),
        STOPPED("run stopped first");

        private final String words;

        Ended(String words) {
            this.words = words;
        }

        /** As the report prints it. */
        public String words() {
            return words;
        }
    }

    /**
     * One series.
     *
     * @param cell      the cell's id
     * @param step      the step
     * @param n         its values
     * @param precision the half-width of its mean's 95 % interval over the mean (NaN under two values)
     * @param cv        its coefficient of variation (NaN under two values)
     * @param ended     what ended it
     */
    public record Row(String cell, String step, int n, double precision, double cv, Ended ended) {}

    private RepeatEnds() {}

    /**
     * The series of {@code series} (a run's, {@link org.fsflow.result.ResultSet#series}) under the
     * adaptive repeat recorded in {@code settings} (run.json's {@code repeat_*} and {@code warmup});
     * empty for a fixed count or older runs.
     */
    public static List<Row> of(List<Series> series, Map<String, String> settings) {
        double precision = number(settings.get("repeat_precision"));
        double targetCv = number(settings.get("repeat_target_cv"));
        int max = (int) number(settings.get("repeat_max"));
        int min = (int) number(settings.get("repeat_min"));
        boolean budget = settings.get("repeat_budget_s") != null;
        if (!(precision > 0 || targetCv > 0) || !(max > min)) {
            return List.of();
        }
        Set<Cell> withWorkload = new LinkedHashSet<>();
        for (Series s : series) {
            if (Step.Action.of(s.key().step()) == null) {
                withWorkload.add(s.key().cell());
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Series s : series) {
            boolean builtIn = Step.Action.of(s.key().step()) != null;
            if (builtIn && withWorkload.contains(s.key().cell())) {
                continue;
            }
            RepeatSeries judged = new RepeatSeries(
                    s.key().cell().coordinates(),
                    s.key().step(),
                    Arrays.stream(s.realTimes()).boxed().toList());
            double p = judged.relativeHalfWidth();
            double cv = judged.cv();
            boolean met = judged.values().size() >= 2
                    && (!(precision > 0) || p <= precision)
                    && (!(targetCv > 0) || cv <= targetCv);
            int repetitions = s.counted()
                    + (int) s.uncounted().stream()
                            .filter(m -> !m.warmup()) // a row taken again was a repetition, as the walker counts
                            .count();
            Ended ended = met ? Ended.TARGET : repetitions >= max ? Ended.MAX : budget ? Ended.BUDGET : Ended.STOPPED;
            rows.add(
                    new Row(s.key().cell().id(), s.key().step(), judged.values().size(), p, cv, ended));
        }
        return rows;
    }

    private static double number(String text) {
        if (text == null || text.isBlank() || text.equals("null")) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
