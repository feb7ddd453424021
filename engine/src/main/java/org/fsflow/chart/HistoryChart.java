package org.fsflow.chart;

import java.util.List;
import java.util.Locale;
import org.fsflow.summary.Numbers;

/**
 * The SVG chart of one series: the runs along x in the history's order, every repetition as a
 * small grey dot (the spread), each run's mean as a dark dot joined by a line, each segment's mean
 * between change points as a horizontal bar, and each change point as a dashed vertical line (red
 * worse, green better, blue changed) labelled with its ratio. Linear y axis from the smallest to
 * the largest value. Deterministic text, everything escaped.
 */
public final class HistoryChart {

    /**
     * One run of the series.
     *
     * @param run     its name
     * @param at      where along the history it stands (a time, a kernel, a label's value)
     * @param mean    the mean of its repetitions
     * @param samples its repetitions
     */
    public record Point(String run, String at, double mean, double[] samples) {}

    /**
     * A change point.
     *
     * @param index   the first point after it (0-based)
     * @param verdict worse, better or changed
     * @param ratio   the mean after it over the mean before
     * @param after   the first run after it
     */
    public record Change(int index, String verdict, double ratio, String after) {}

    private static final int WIDTH = 760;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 34;
    private static final int PLOT = 180;
    private static final int HEIGHT = TOP + PLOT + 112;

    private HistoryChart() {}

    /** The chart titled {@code title} of a series of {@code points} with its change points. */
    public static String svg(String title, List<Point> points, List<Change> changes) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Point p : points) {
            for (double v : p.samples()) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        double pad = hi > lo ? (hi - lo) * 0.08 : Math.max(Math.abs(hi) * 0.05, 1e-9);
        Axes a = new Axes(points.size(), lo - pad, hi + pad);
        StringBuilder b = new StringBuilder();
        b.append(Svg.open(WIDTH, HEIGHT, title, 10, 18));
        grid(b, a);
        segments(b, points, changes, a);
        runs(b, points, a);
        changes(b, changes, a);
        b.append("</svg>\n");
        return b.toString();
    }

    private record Axes(int n, double lo, double hi) {
        double x(int i) {
            double step = (WIDTH - LEFT - RIGHT) / (double) Math.max(n, 1);
            return LEFT + step * (i + 0.5);
        }

        double y(double v) {
            return TOP + PLOT - PLOT * (v - lo) / (hi - lo);
        }
    }

    private static void grid(StringBuilder b, Axes a) {
        for (int k = 0; k <= 4; k++) {
            double v = a.lo() + (a.hi() - a.lo()) * k / 4;
            double y = a.y(v);
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>%n",
                    LEFT,
                    y,
                    WIDTH - RIGHT,
                    y));
            text(b, LEFT - 6, y + 4, Numbers.sig(v), "end", "");
        }
    }

    // each segment's mean, from its first run to its last
    private static void segments(StringBuilder b, List<Point> points, List<Change> cs, Axes a) {
        int from = 0;
        for (int k = 0; k <= cs.size(); k++) {
            int to = k < cs.size() ? cs.get(k).index() : points.size();
            double sum = 0;
            int n = 0;
            for (Point p : points.subList(from, to)) {
                for (double v : p.samples()) {
                    sum += v;
                    n++;
                }
            }
            double y = a.y(sum / n);
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#f0a020\" stroke-width=\"3\" "
                            + "stroke-opacity=\"0.6\"/>%n",
                    a.x(from) - 8,
                    y,
                    a.x(to - 1) + 8,
                    y));
            from = to;
        }
    }

    // the repetitions, the means and the line through them, the x labels
    private static void runs(StringBuilder b, List<Point> points, Axes a) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            for (double v : p.samples()) {
                b.append(String.format(
                        Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"#999\" fill-opacity=\"0.7\"/>%n",
                        a.x(i),
                        a.y(v)));
            }
            line.append(i == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f", a.x(i), a.y(p.mean())));
            String label = label(p.at());
            b.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" transform=\"rotate(-35 %.1f %d)\">%s</text>%n",
                    a.x(i),
                    TOP + PLOT + 14,
                    a.x(i),
                    TOP + PLOT + 14,
                    Svg.xml(label)));
        }
        b.append("<path d=\"").append(line).append("\" stroke=\"#333\" fill=\"none\"/>\n");
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            b.append(String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#333\"><title>%s: mean %s of %d</title></circle>%n",
                    a.x(i),
                    a.y(p.mean()),
                    Svg.xml(p.run() + " (" + p.at() + ")"),
                    Numbers.sig(p.mean()),
                    p.samples().length));
        }
    }

    // a date as minutes (2026-11-01 10:00), anything else cut at 22 characters
    public static String label(String at) {
        if (at.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d.*")) {
            return at.substring(0, 10) + " " + at.substring(11, 16);
        }
        return at.length() > 22 ? at.substring(0, 21) + "…" : at;
    }

    private static void changes(StringBuilder b, List<Change> changes, Axes a) {
        for (Change c : changes) {
            double x = (a.x(c.index() - 1) + a.x(c.index())) / 2;
            String colour = switch (c.verdict()) {
                case "worse" -> "#c62828";
                case "better" -> "#2e7d32";
                default -> "#1f77b4";
            };
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
                            + "stroke-dasharray=\"5 3\"><title>%s</title></line>%n",
                    x,
                    TOP - 6,
                    x,
                    TOP + PLOT,
                    colour,
                    Svg.xml(c.verdict() + " ×" + Numbers.fixed(c.ratio(), 3) + " from " + c.after())));
            text(b, x + 3, TOP - 8, "×" + Numbers.fixed(c.ratio(), 3), "start", " fill=\"" + colour + "\"");
        }
    }

    private static void text(StringBuilder b, double x, double y, String raw, String anchor, String extra) {
        b.append(Svg.text(x, y, Svg.xml(raw), anchor, extra.strip()));
    }
}
