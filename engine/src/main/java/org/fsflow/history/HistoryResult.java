package org.fsflow.history;

import java.util.List;
import java.util.Map;

/**
 * A history: the runs read, those kept apart, every series with its points and change points.
 * {@code history.json} is this record (snake_case, non-finite numbers as null).
 *
 * @param by        the order ({@code date}, {@code commit}, {@code kernel}, {@code label:K})
 * @param orderNote how the order was found (commits: the repository or the command line)
 * @param pValue    the strict p-value a change point reaches in its series
 * @param minEffect the smallest relative change reported
 * @param fdr       the false-discovery rate controlled across series (Benjamini-Hochberg)
 * @param tested    the tests that entered the false-discovery control
 * @param main      the main group: the scenario and settings of most runs
 * @param runs      the runs that entered a series, in the history's order of their start
 * @param apart     the runs kept apart, each with why
 * @param series    every series, in key order
 */
public record HistoryResult(
        String by,
        String orderNote,
        double pValue,
        double minEffect,
        double fdr,
        int tested,
        String main,
        List<RunInfo> runs,
        List<Apart> apart,
        List<SeriesResult> series) {

    /**
     * One run of the history.
     *
     * @param name      its name in the report
     * @param dir       its directory as given
     * @param group     its scenario and settings
     * @param startedAt when it started
     * @param commit    its commit, or null
     * @param dirty     whether the tree was dirty, or null
     * @param kernel    the machine's kernel release
     * @param labels    its labels
     * @param load      the machine's load average over a minute when it started (environment.json),
     *                  null when not recorded
     */
    public record RunInfo(
            String name,
            String dir,
            String group,
            String startedAt,
            String commit,
            Boolean dirty,
            String kernel,
            Map<String, String> labels,
            Double load) {}

    /**
     * A run kept out of every series, or a group of runs kept apart from the others.
     *
     * @param run    the run's name
     * @param reason why
     */
    public record Apart(String run, String reason) {}

    /**
     * One run's values in a series.
     *
     * @param run     the run's name
     * @param at      the value that orders it (date, commit, kernel release, label)
     * @param mean    the mean of its repetitions
     * @param samples every successful repetition's value, in repetition order
     */
    public record Point(String run, String at, double mean, double[] samples) {}

    /**
     * A change point.
     *
     * @param index       the first point after it (0-based)
     * @param before      the run just before it
     * @param after       the run just after it (the first of the new level)
     * @param runsBefore  the runs of the segment before, down to the previous change point
     * @param runsAfter   the runs of the segment after, up to the next one
     * @param meanBefore  the mean before
     * @param meanAfter   the mean after
     * @param ratio       after / before
     * @param low         the ratio's 95 % Fieller interval, low end (NaN: unbounded)
     * @param high        its high end
     * @param p           Student's two-sided p-value between the segments
     * @param q           its Benjamini-Hochberg q-value across series
     * @param units       what the test compared: runs (their means) or repetitions
     * @param verdict     better, worse, or changed (a metric without direction)
     */
    public record Change(
            int index,
            String before,
            String after,
            int runsBefore,
            int runsAfter,
            double meanBefore,
            double meanAfter,
            double ratio,
            double low,
            double high,
            double p,
            double q,
            String units,
            String verdict) {}

    /**
     * One series: a metric of a step of a cell at a place, in one group of runs.
     *
     * @param id        a stable identifier (chart file names)
     * @param group     the scenario and settings of its runs
     * @param place     host, or the VM it ran in
     * @param cell      the cell's coordinates, k=v joined by commas (the ordering axis left out)
     * @param step      the step
     * @param metric    the metric
     * @param unit      its unit
     * @param direction lower_is_better, higher_is_better or none
     * @param points    its runs, in the history's order
     * @param changes   its change points, oldest first
     */
    public record SeriesResult(
            String id,
            String group,
            String place,
            String cell,
            String step,
            String metric,
            String unit,
            String direction,
            List<Point> points,
            List<Change> changes) {}
}
