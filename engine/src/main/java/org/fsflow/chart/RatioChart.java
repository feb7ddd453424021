package org.fsflow.chart;

import java.util.List;
import java.util.Locale;
import org.fsflow.result.Fieller;
import org.fsflow.summary.Numbers;

/**
 * The SVG chart of a comparison: one line per compared series, the ratio to the baseline as a
 * dot and its Fieller interval as a whisker, on a logarithmic axis with the baseline (1) dashed.
 * Deterministic text, everything escaped.
 */
public final class RatioChart {

    /**
     * One line of the chart.
     *
     * @param label  what it compares, drawn at its left
     * @param ratio  the ratio to the baseline and its interval
     * @param colour its colour (what the comparison found)
     * @param note   what the comparison found, in words (the dot's tooltip)
     */
    public record Line(String label, Fieller.Interval ratio, String colour, String note) {}

    private RatioChart() {}

    private static boolean bounded(double v) {
        return Double.isFinite(v) && v > 0;
    }

    /**
     * The chart of {@code lines} (at least one), each a ratio of {@code metric} ("elapsed time",
     * "each metric").
     */
    public static String svg(String metric, List<Line> lines) {
        double lo = 1;
        double hi = 1;
        for (Line r : lines) {
            lo = Math.min(
                    lo, bounded(r.ratio().low()) ? r.ratio().low() : r.ratio().ratio());
            hi = Math.max(
                    hi, bounded(r.ratio().high()) ? r.ratio().high() : r.ratio().ratio());
        }
        Axis axis = new Axis(lo / 1.15, Math.min(hi * 1.15, Double.MAX_VALUE), 300, 760 - 300 - 20);
        int width = 760;
        int top = 40;
        int height = top + 18 * lines.size() + 40;
        StringBuilder s = new StringBuilder();
        String title = "Ratio to the baseline (" + metric + ", 95 % Fieller interval, log scale)";
        s.append(Svg.open(width, height, title, 10, 18));
        for (double tick : ticks(axis.lo(), axis.hi())) {
            double x = axis.x(tick);
            String dash = tick == 1 ? " stroke=\"#333\" stroke-dasharray=\"4 3\"" : " stroke=\"#ddd\"";
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"%s/>%n",
                    x,
                    top - 6,
                    x,
                    height - 30,
                    dash));
            text(s, x, height - 16, "×" + Numbers.sig(tick), "middle", "");
        }
        for (int i = 0; i < lines.size(); i++) {
            line(s, lines.get(i), top + 18 * i + 6, axis);
        }
        s.append("</svg>\n");
        return s.toString();
    }

    /** The logarithmic x axis: from {@code lo} to {@code hi}, {@code plot} pixels from {@code left}. */
    private record Axis(double lo, double hi, int left, int plot) {
        double x(double v) {
            double min = Math.log10(lo);
            return left + plot * (Math.log10(v) - min) / (Math.log10(hi) - min);
        }
    }

    // one compared step: its label, its interval as a whisker and its ratio as a dot
    private static void line(StringBuilder s, Line r, double y, Axis axis) {
        String label = r.label();
        text(s, axis.left() - 8, y + 4, label, "end", "");
        String colour = r.colour();
        if (r.ratio().bounded()) {
            double x1 = axis.x(Math.max(r.ratio().low(), axis.lo()));
            double x2 = axis.x(r.ratio().high());
            s.append(String.format(
                    Locale.ROOT,
                    "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" " + "stroke=\"%s\" fill=\"none\"/>%n",
                    x1,
                    y,
                    x2,
                    x1,
                    y - 4,
                    y + 4,
                    x2,
                    y - 4,
                    y + 4,
                    colour));
        }
        double x = axis.x(r.ratio().ratio());
        s.append(String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>%s: ×%s, " + "%s</title></circle>%n",
                x,
                y,
                colour,
                Svg.xml(label),
                Numbers.fixed(r.ratio().ratio(), 3),
                Svg.xml(r.note())));
    }

    // powers of ten and their 2 and 5 multiples inside the range, 1 always
    private static List<Double> ticks(double lo, double hi) {
        java.util.TreeSet<Double> out = new java.util.TreeSet<>();
        out.add(1.0);
        // a double spans 10^-324 to 10^308: an infinite or zero bound never makes the loop endless
        int first = (int) Math.max(-324, Math.floor(Math.log10(lo)));
        int last = (int) Math.min(308, Math.ceil(Math.log10(hi)));
        for (int e = first; e <= last; e++) {
            for (double m : new double[] {1, 2, 5}) {
                double v = m * Math.pow(10, e);
                if (v >= lo && v <= hi) {
                    out.add(v);
                }
            }
        }
        if (out.size() < 3) {
            for (double v : new double[] {0.8, 0.9, 1.1, 1.25, 1.5}) {
                if (v >= lo && v <= hi) {
                    out.add(v);
                }
            }
        }
        return List.copyOf(out);
    }

    private static void text(StringBuilder s, double x, double y, String raw, String anchor, String extra) {
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>%n",
                x,
                y,
                anchor,
                extra,
                Svg.xml(raw)));
    }
}
