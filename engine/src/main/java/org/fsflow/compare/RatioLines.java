package org.fsflow.compare;

import java.util.List;
import java.util.Map;
import org.fsflow.chart.RatioChart;
import org.fsflow.compare.Comparison.Row;

/**
 * What the ratio chart of a comparison ({@link RatioChart}) shows: one line per compared step (its
 * elapsed time, or every metric with a direction when no time was measured), green better, red
 * worse, grey no significant change.
 */
final class RatioLines {

    /** At most this many lines, the first ones in the report's order. */
    static final int MAX_LINES = 60;

    private static final Map<Mark, String> COLOURS = Map.of(
            Mark.BETTER,
            "#2e7d32",
            Mark.WORSE,
            "#c62828",
            Mark.CHANGED,
            "#1f77b4",
            Mark.SAME,
            "#777777",
            Mark.UNTESTED,
            "#bbbbbb");

    private RatioLines() {}

    /** The lines the chart shows. */
    static List<Row> lines(List<Row> rows) {
        List<Row> comparable =
                rows.stream().filter(r -> r.mark() != Mark.DIFFERENT_SCALES).toList();
        List<Row> times = comparable.stream()
                .filter(r -> r.metric().equals("real_s") && bounded(r.ratio().ratio()))
                .toList();
        List<Row> chosen = times.isEmpty()
                ? comparable.stream()
                        .filter(r -> r.direction() != org.fsflow.result.MetricTable.Direction.NONE
                                && bounded(r.ratio().ratio()))
                        .toList()
                : times;
        return chosen.subList(0, Math.min(MAX_LINES, chosen.size()));
    }

    /** The chart, or "" when nothing can be drawn. */
    static String svg(List<Row> rows, boolean severalRuns) {
        List<Row> lines = lines(rows);
        if (lines.isEmpty()) {
            return "";
        }
        return RatioChart.svg(
                lines.get(0).metric().equals("real_s") ? "elapsed time" : "each metric",
                lines.stream()
                        .map(r -> new RatioChart.Line(
                                r.where()
                                        + (severalRuns ? " (" + r.run() + ")" : "")
                                        + (r.metric().equals("real_s") ? "" : " " + r.metric()),
                                r.ratio(),
                                COLOURS.get(r.mark()),
                                r.mark().text()))
                        .toList());
    }

    private static boolean bounded(double v) {
        return Double.isFinite(v) && v > 0;
    }
}
