package org.fsflow.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fsflow.compare.Comparison.FilesystemSummary;
import org.fsflow.compare.Comparison.Row;
import org.fsflow.compare.Confounders.Difference;
import org.fsflow.result.Fieller;
import org.fsflow.result.MetricTable;
import org.fsflow.result.Summary;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.PowerText;

/**
 * A {@link Comparison} as the templates show it: every number formatted once, here, under fixed
 * rules ({@code Locale.ROOT}), so that the HTML, the Markdown and the CSV say the same thing and
 * render to the same bytes anywhere.
 *
 * @param title       the report's title
 * @param method      the statistical method, in one paragraph
 * @param baseline    the baseline's label
 * @param runs        every run, baseline first
 * @param axis        the axis, "" when not given
 * @param axisFacts   the facts the comparison is about
 * @param confounders every other fact that differs
 * @param summaries   one line per other run and filesystem
 * @param rows        every comparison
 * @param metrics     the metric table, restricted to the metrics of this report
 * @param chart       the SVG chart of the time ratios, "" when there is none
 * @param chartFile   its file name beside the Markdown report
 * @param tested      comparisons under false-discovery control
 */
public record ComparisonView(
        String title,
        String method,
        String baseline,
        List<RunLine> runs,
        String axis,
        List<Difference> axisFacts,
        List<Difference> confounders,
        List<SummaryLine> summaries,
        List<RowLine> rows,
        List<MetricTable.Metric> metrics,
        String chart,
        String chartFile,
        int tested) {

    /** A run: its label, scenario, first start (UTC) and number of measurements. */
    public record RunLine(String label, String scenario, String started, int measurements) {}

    /** A summary line. */
    public record SummaryLine(
            String run,
            String filesystem,
            String geomean,
            String timeGeomean,
            int better,
            int worse,
            int same,
            int changed) {}

    /**
     * A comparison line; {@code mark} is the CSS class and {@code markText} what is read;
     * {@code power} what it could detect at 80 % power ("–" when it cannot say) and
     * {@code undecided}, for a comparison without significant change, whether more repetitions
     * would decide it or it is below the machine's noise floor ("" otherwise).
     */
    public record RowLine(
            String where,
            String metric,
            String unit,
            String direction,
            String run,
            String base,
            String other,
            String ratio,
            String q,
            String mark,
            String markText,
            String power,
            String undecided) {}

    /** The view of {@code c}, with its chart. */
    public static ComparisonView of(Comparison c, String chart, String chartFile) {
        String title = "Comparison: " + String.join(", ", c.others()) + " against " + c.baseline();
        return new ComparisonView(
                title,
                Comparison.METHOD,
                c.baseline(),
                runLines(c),
                c.axis() == null ? "" : c.axis(),
                c.differences().stream().filter(Difference::axis).toList(),
                c.differences().stream().filter(d -> !d.axis()).toList(),
                summaryLines(c),
                rowLines(c),
                metrics(c),
                chart,
                chartFile,
                c.tested());
    }

    private static List<RunLine> runLines(Comparison c) {
        return c.runs().stream()
                .map(r -> new RunLine(
                        r.label(),
                        r.environment().scenario() == null
                                ? ""
                                : r.environment().scenario(),
                        r.rows().stream()
                                .map(m -> m.startedAt())
                                .filter(t -> t != null)
                                .sorted()
                                .findFirst()
                                .orElse(""),
                        r.rows().size()))
                .toList();
    }

    private static List<SummaryLine> summaryLines(Comparison c) {
        List<SummaryLine> summaries = new ArrayList<>();
        for (FilesystemSummary s : c.summaries()) {
            summaries.add(new SummaryLine(
                    s.run(),
                    s.filesystem(),
                    times(s.geomean()),
                    times(s.timeGeomean()),
                    s.better(),
                    s.worse(),
                    s.same(),
                    s.changed()));
        }
        return summaries;
    }

    private static List<RowLine> rowLines(Comparison c) {
        List<RowLine> rows = new ArrayList<>();
        for (Row r : c.rows()) {
            rows.add(new RowLine(
                    r.where(),
                    r.metric(),
                    r.unit(),
                    direction(r),
                    r.run(),
                    stats(r.base()),
                    stats(r.other()),
                    ratio(r.ratio()),
                    probability(r.q()),
                    r.mark().name().toLowerCase(Locale.ROOT),
                    r.mark().text(),
                    PowerText.figures(r.power()),
                    r.mark() == Mark.SAME
                            ? PowerText.undecided(r.power(), r.ratio().ratio())
                            : ""));
        }
        return rows;
    }

    // the metric table restricted to the metrics of this report, in their order of appearance
    private static List<MetricTable.Metric> metrics(Comparison c) {
        Set<String> patterns = new LinkedHashSet<>();
        for (Row r : c.rows()) {
            patterns.add(MetricTable.of(r.metric()).pattern());
        }
        List<MetricTable.Metric> metrics = new ArrayList<>();
        for (String p : patterns) {
            metrics.add(MetricTable.METRICS.stream()
                    .filter(m -> m.pattern().equals(p))
                    .findFirst()
                    .orElse(MetricTable.of(p)));
        }
        return metrics;
    }

    static String direction(Row r) {
        return switch (r.direction()) {
            case LOWER_IS_BETTER -> "lower is better";
            case HIGHER_IS_BETTER -> "higher is better";
            case NONE -> "no direction";
        };
    }

    /** "12.3 ± 0.4 (n=3)", or "12.3 (n=1)". */
    static String stats(Summary s) {
        String mean = Numbers.sig(s.mean());
        return s.n() < 2 ? mean + " (n=1)" : mean + " ± " + Numbers.same(s.ciHalfWidth(), mean) + " (n=" + s.n() + ")";
    }

    /**
     * A ratio with its interval, three decimals: "1.287 [1.234, 1.343]", the bounds "–" when there
     * are none; a ratio of positive figures is never negative, so a lower bound at or below 0 (the
     * other side's mean not distinguishable from 0) is "unbounded below".
     */
    public static String ratio(Fieller.Interval i) {
        String low = i.low() <= 0 ? "unbounded below" : Numbers.fixed(i.low(), 3);
        return Numbers.fixed(i.ratio(), 3) + " [" + low + ", " + Numbers.fixed(i.high(), 3) + "]";
    }

    /** A p- or q-value, four decimals, "<0.0001" below. */
    public static String probability(double q) {
        return Double.isNaN(q) ? "–" : q < 0.0001 ? "<0.0001" : Numbers.fixed(q, 4);
    }

    static String times(double v) {
        return Double.isNaN(v) ? "–" : "×" + Numbers.fixed(v, 3);
    }
}
