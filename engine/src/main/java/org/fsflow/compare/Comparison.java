package org.fsflow.compare;

import java.util.List;
import org.fsflow.compare.Confounders.Difference;
import org.fsflow.result.Fieller;
import org.fsflow.result.MetricTable.Direction;
import org.fsflow.result.Sensitivity;
import org.fsflow.result.Summary;

/**
 * A comparison of runs against a baseline: what the templates render, the gate reads and the
 * exporters write. Every number is kept as a number; formatting is the writers' job.
 *
 * @param baseline    the baseline's label
 * @param others      the other runs' labels, in command-line order
 * @param runs        every run, baseline first
 * @param axis        what the comparison is about ({@code --axis}), or null
 * @param differences every condition that differs between the runs, axis first
 * @param rows        one per key, metric and other run, in the baseline's order
 * @param summaries   one per other run and filesystem
 * @param tested      how many comparisons entered the false-discovery control
 */
public record Comparison(
        String baseline,
        List<String> others,
        List<Run> runs,
        String axis,
        List<Difference> differences,
        List<Row> rows,
        List<FilesystemSummary> summaries,
        int tested) {

    /** The method, as reports state it. */
    public static final String METHOD = "Each mean has its 95 % confidence interval (Student t). The ratio other / "
            + "baseline has its 95 % interval by Fieller's theorem for independent means with unequal variances "
            + "(Welch-Satterthwaite degrees of freedom at the estimated ratio), computed analytically with "
            + "commons-math3's t quantiles. Significance: Welch's two-sided t-test, with the false-discovery rate "
            + "held at 5 % over every comparison of this report by the Benjamini-Hochberg procedure (q-values). "
            + "The intervals are each at 95 %, not adjusted for multiplicity; the verdicts are. Better or worse "
            + "follows each metric's direction in fsflow's metric table.";

    /**
     * One comparison: a metric of a step of a cell, another run against the baseline.
     *
     * @param dataset    the cell's dataset ("" when none)
     * @param filesystem the cell's filesystem ("" when none)
     * @param step       the step
     * @param extra      the cell's other coordinates, {@code k=v} joined by commas ("" when none)
     * @param metric     the metric name ({@code real_s}, or a parsed figure such as {@code put_block_kib_s})
     * @param unit       its unit
     * @param direction  which way is better
     * @param run        the other run's label
     * @param base       the baseline's series
     * @param other      the other run's series
     * @param ratio      other mean / base mean with its interval
     * @param p          Welch's p-value, NaN when not tested
     * @param q          Benjamini-Hochberg q-value, NaN when not tested
     * @param mark       the verdict
     * @param power      what the comparison could detect at 80 % power, null when it cannot say (a
     *                   side with fewer than two values, a mean not above 0, no variation, not compared)
     */
    public record Row(
            String dataset,
            String filesystem,
            String step,
            String extra,
            String metric,
            String unit,
            Direction direction,
            String run,
            Summary base,
            Summary other,
            Fieller.Interval ratio,
            double p,
            double q,
            Mark mark,
            Sensitivity power) {

        /** This row with {@code mark}. */
        public Row marked(Mark mark) {
            return new Row(
                    dataset,
                    filesystem,
                    step,
                    extra,
                    metric,
                    unit,
                    direction,
                    run,
                    base,
                    other,
                    ratio,
                    p,
                    q,
                    mark,
                    power);
        }

        /** This row set apart with {@code mark}: no p-value, so no test and no q-value. */
        public Row apart(Mark mark) {
            return new Row(
                    dataset,
                    filesystem,
                    step,
                    extra,
                    metric,
                    unit,
                    direction,
                    run,
                    base,
                    other,
                    ratio,
                    Double.NaN,
                    q,
                    mark,
                    null);
        }

        /** {@code dataset/filesystem/step}, with the extra coordinates in brackets. */
        public String where() {
            StringBuilder b = new StringBuilder();
            for (String part : List.of(dataset, filesystem, step)) {
                if (!part.isEmpty()) {
                    b.append(b.length() == 0 ? "" : "/").append(part);
                }
            }
            return extra.isEmpty() ? b.toString() : b + " [" + extra + "]";
        }

        /** The relative change in the bad direction (0.05 = 5 % worse), negative when better, NaN without one. */
        public double worsening() {
            return switch (direction) {
                case LOWER_IS_BETTER -> ratio.ratio() - 1;
                case HIGHER_IS_BETTER -> 1 - ratio.ratio();
                case NONE -> Double.NaN;
            };
        }
    }

    /**
     * The summary of one other run on one filesystem.
     *
     * @param run           the other run's label
     * @param filesystem    the filesystem ("" when none)
     * @param geomean       geometric mean of the ratios of every directional metric, each oriented so
     *                      that above 1 is better (higher-is-better ratios as they are, the others inverted)
     * @param timeGeomean   geometric mean of the real_s ratios (other / baseline; below 1 is faster)
     * @param better        comparisons marked better
     * @param worse         comparisons marked worse
     * @param same          comparisons without significant change
     * @param changed       significant changes of metrics without direction
     */
    public record FilesystemSummary(
            String run,
            String filesystem,
            double geomean,
            double timeGeomean,
            int better,
            int worse,
            int same,
            int changed) {}
}
