package org.fsflow.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.chart.HistoryChart;
import org.fsflow.compare.ComparisonView;
import org.fsflow.result.Fieller;
import org.fsflow.summary.Numbers;

/**
 * A {@link HistoryResult} as the templates show it: every number formatted here, once, under
 * {@code Locale.ROOT}, so that the HTML and the Markdown say the same thing and render to the same
 * bytes anywhere.
 *
 * @param title   the page's title
 * @param by      the order
 * @param orderNote how commits were ordered, "" otherwise
 * @param method  the method, one paragraph
 * @param tested  the tests under false-discovery control
 * @param runs    the runs of the history
 * @param apart   the runs kept apart
 * @param changes every change point, newest first
 * @param series  every series
 * @param charted the series with a chart
 */
public record HistoryView(
        String title,
        String by,
        String orderNote,
        String method,
        int tested,
        List<RunLine> runs,
        List<HistoryResult.Apart> apart,
        List<ChangeLine> changes,
        List<SeriesLine> series,
        List<SeriesLine> charted) {

    /** At most this many charts: series with change points first, then elapsed times. */
    public static final int MAX_CHARTS = 60;

    /** A run: name, group, start, commit (short, "+dirty"), machine kernel, labels, load at start. */
    public record RunLine(
            String name, String group, String started, String commit, String kernel, String labels, String load) {}

    /** A change point as read. */
    public record ChangeLine(
            String series,
            String where,
            String metric,
            String unit,
            String at,
            String before,
            String after,
            int runsBefore,
            int runsAfter,
            String meanBefore,
            String meanAfter,
            String ratio,
            String p,
            String q,
            String units,
            String verdict) {}

    /** A series: where, metric, its runs and change points, its chart and the chart's file. */
    public record SeriesLine(
            String id,
            String where,
            String metric,
            String unit,
            String direction,
            int runs,
            int changes,
            String chart,
            String chartFile) {}

    /** The view of {@code h}; its order of values {@code order} sorts the change points newest first. */
    public static HistoryView of(HistoryResult h, Comparator<String> order) {
        List<ChangeLine> changes = new ArrayList<>();
        Map<String, String> charts = charts(h);
        List<SeriesLine> series = new ArrayList<>();
        List<SeriesLine> charted = new ArrayList<>();
        for (HistoryResult.SeriesResult s : h.series()) {
            s.changes().forEach(c -> changes.add(line(s, c, h.main())));
            String chart = charts.getOrDefault(s.id(), "");
            SeriesLine line = new SeriesLine(
                    s.id(),
                    where(s, h.main()),
                    s.metric(),
                    s.unit(),
                    s.direction().replace('_', ' '),
                    s.points().size(),
                    s.changes().size(),
                    chart,
                    chart.isEmpty() ? "" : "chart-" + s.id() + ".svg");
            series.add(line);
            if (!chart.isEmpty()) {
                charted.add(line);
            }
        }
        changes.sort(Comparator.comparing(ChangeLine::at, order.reversed()));
        String scenarios = String.join(
                ", ",
                h.runs().stream()
                        .map(r -> r.group().replaceAll(" \\(.*", ""))
                        .distinct()
                        .toList());
        return new HistoryView(
                "History of " + (scenarios.isEmpty() ? "no run" : scenarios) + " by " + h.by(),
                h.by(),
                h.orderNote(),
                Method.text(h),
                h.tested(),
                h.runs().stream().map(HistoryView::run).toList(),
                h.apart(),
                changes,
                series,
                charted);
    }

    // the charts drawn: every series with a change point, then the elapsed times, at most MAX_CHARTS
    private static Map<String, String> charts(HistoryResult h) {
        Map<String, String> out = new TreeMap<>();
        for (boolean changed : new boolean[] {true, false}) {
            for (HistoryResult.SeriesResult s : h.series()) {
                boolean wanted = changed ? !s.changes().isEmpty() : s.metric().equals("real_s");
                if (wanted && out.size() < MAX_CHARTS && !out.containsKey(s.id())) {
                    out.put(s.id(), chart(s, h.main()));
                }
            }
        }
        return out;
    }

    // the series drawn: its runs along x in the history's order, its change points
    private static String chart(HistoryResult.SeriesResult s, String main) {
        return HistoryChart.svg(
                where(s, main) + " · " + s.metric() + (s.unit().isEmpty() ? "" : " (" + s.unit() + ")"),
                s.points().stream()
                        .map(p -> new HistoryChart.Point(p.run(), p.at(), p.mean(), p.samples()))
                        .toList(),
                s.changes().stream()
                        .map(c -> new HistoryChart.Change(c.index(), c.verdict(), c.ratio(), c.after()))
                        .toList());
    }

    private static ChangeLine line(HistoryResult.SeriesResult s, HistoryResult.Change c, String main) {
        String unit = s.unit().isEmpty() ? "" : " " + s.unit();
        return new ChangeLine(
                s.id(),
                where(s, main),
                s.metric(),
                s.unit(),
                s.points().get(c.index()).at(),
                c.before(),
                c.after(),
                c.runsBefore(),
                c.runsAfter(),
                Numbers.sig(c.meanBefore()) + unit,
                Numbers.sig(c.meanAfter()) + unit,
                ComparisonView.ratio(new Fieller.Interval(c.ratio(), c.low(), c.high())),
                ComparisonView.probability(c.p()),
                ComparisonView.probability(c.q()),
                c.units(),
                c.verdict());
    }

    private static RunLine run(HistoryResult.RunInfo r) {
        String commit = r.commit() == null
                ? "–"
                : r.commit().substring(0, Math.min(12, r.commit().length()))
                        + (Boolean.TRUE.equals(r.dirty()) ? "+dirty" : "");
        StringBuilder labels = new StringBuilder();
        r.labels()
                .forEach((k, v) -> labels.append(labels.length() == 0 ? "" : ", ")
                        .append(k)
                        .append('=')
                        .append(v));
        return new RunLine(
                r.name(),
                r.group(),
                r.startedAt() == null ? "–" : r.startedAt(),
                commit,
                r.kernel() == null ? "–" : r.kernel(),
                labels.toString(),
                r.load() == null ? "–" : Numbers.fixed(r.load(), 2));
    }

    /** Where a series was measured: its cell, step and place, and its group when not the main one. */
    public static String where(HistoryResult.SeriesResult s, String main) {
        return (s.cell().isEmpty() ? "" : s.cell() + " ") + s.step() + " @ " + s.place()
                + (s.group().equals(main) ? "" : " [" + s.group() + "]");
    }

    /** A p- or q-value as reports show it. */
    static String probability(double p) {
        return ComparisonView.probability(p);
    }
}
