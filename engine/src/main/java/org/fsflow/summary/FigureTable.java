package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.MetricTable;

/**
 * The figures a tool printed for one step, parsed into {@code metrics} ({@code parse: fio}, dd ...),
 * as a figures x columns table: one row per figure, one cell per column (a cell of the dataset),
 * each the combination of its repetitions with an interval, ranked among the columns of one place.
 * The figures of a table share their name up to the last dot: fio's
 * {@code randwrite.write.iops} and {@code randwrite.write.clat_p99_ns} are group
 * {@code randwrite.write} (job and direction), dd's {@code dd_bytes_per_s} group "".
 *
 * @param dataset the dataset, "" for cells without one
 * @param step    the step
 * @param group   the figures' common prefix, "" when they have none
 * @param columns the column labels, in matrix order, those of one place adjacent
 * @param places  where each column was measured ({@code host kernel 6.18.4} ...), one per column
 * @param rows    one per figure, in the order the tool's parser gives them
 */
public record FigureTable(
        String dataset, String step, String group, List<String> columns, List<String> places, List<Row> rows) {

    /** How the repetitions of a figure are combined into one value with an interval. */
    public enum Combined {
        /**
         * The mean with its 95 % Student t interval: figures that are totals or means of one run
         * (IOPS, bandwidth, a mean latency), whose mean over the runs is the mean they estimate.
         */
        MEAN,
        /**
         * The median of the per-repetition values with its percentile-bootstrap 95 % interval
         * ({@link Bootstrap}): latency percentiles ({@code p99}), since a mean of percentiles is
         * not a percentile of anything.
         */
        MEDIAN
    }

    /**
     * One figure.
     *
     * @param key      its {@code metrics} key in results.jsonl ({@code randwrite.write.iops})
     * @param figure   the key without the table's group ({@code iops})
     * @param spec     its unit and direction ({@link MetricTable}); unranked when it has no direction
     * @param combined how its repetitions are combined
     * @param cells    one per column
     */
    public record Row(String key, String figure, MetricTable.Metric spec, Combined combined, List<Figure> cells) {}

    /**
     * One figure of one column.
     *
     * @param n     repetitions that have it, 0 when none
     * @param value the mean or median; NaN when there is none (none measured, or a median of more
     *              values than a series keeps)
     * @param low   the interval's lower end, NaN for n &lt; 2
     * @param high  its upper end
     * @param best  the best of a ranked row of more than one column of its place
     * @param ratio value over the best's, NaN when not ranked or itself the best
     * @param tie   not significantly different from the best: Welch's t-test at 5 % for means,
     *              overlapping intervals for medians; needs n &gt;= 2 on both sides
     */
    public record Figure(int n, double value, double low, double high, boolean best, double ratio, boolean tie) {

        /** A column without the figure. */
        public static final Figure NONE = new Figure(0, Double.NaN, Double.NaN, Double.NaN, false, Double.NaN, false);

        Figure ranked(boolean isBest, double ratio, boolean tie) {
            return new Figure(n, value, low, high, isBest, ratio, tie);
        }
    }
}
