package org.fsflow.chart;

import java.util.List;
import java.util.Locale;
import org.fsflow.summary.Numbers;

/**
 * A grouped bar chart of each step's mean time per filesystem, relative to the fastest filesystem of that
 * step (1 = fastest), with the 95 % confidence interval as error bars. Relative, because steps
 * of one campaign differ by orders of magnitude; the tables give the seconds.
 */
public final class BarChart {

    /** Colours of the filesystems, in matrix order (distinguishable, print in grey). */
    public static final List<String> PALETTE = List.of(
            "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
            "#17becf");

    // the geometry of every chart, in SVG user units
    private static final int WIDTH = 760;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 34;
    private static final int PLOT = 220;
    private static final int LEGEND_Y = TOP + PLOT + 44;
    private static final int HEIGHT = LEGEND_Y + 22;

    private BarChart() {}

    /**
     * The chart of {@code means[step][fs]} with half-widths {@code halves} (NaN: no bar / no
     * error bar), {@code steps} along the x axis, one bar per filesystem.
     */
    public static String groupedRelative(
            String title, List<String> steps, List<String> filesystems, double[][] means, double[][] halves) {
        double[][] rel = new double[steps.size()][filesystems.size()];
        double[][] relHalf = new double[steps.size()][filesystems.size()];
        for (int s = 0; s < steps.size(); s++) {
            double best = Double.POSITIVE_INFINITY;
            for (int f = 0; f < filesystems.size(); f++) {
                if (!Double.isNaN(means[s][f]) && means[s][f] > 0) {
                    best = Math.min(best, means[s][f]);
                }
            }
            for (int f = 0; f < filesystems.size(); f++) {
                boolean ok = !Double.isNaN(means[s][f]) && best < Double.POSITIVE_INFINITY;
                rel[s][f] = ok ? means[s][f] / best : Double.NaN;
                relHalf[s][f] = ok && !Double.isNaN(halves[s][f]) ? halves[s][f] / best : Double.NaN;
            }
        }
        return grouped(title, "time relative to the fastest (95 % CI)", "×", true, steps, filesystems, rel, relHalf);
    }

    /**
     * A grouped bar chart: one group per {@code groups} entry, one bar per {@code series} entry,
     * {@code values[group][series]} with error bars of half-height {@code halves} (NaN: none),
     * a y axis labelled {@code yLabel}, tick labels ending with {@code unit}; with {@code unitLine}
     * a dashed line at 1.
     */
    public static String grouped(
            String title,
            String yLabel,
            String unit,
            boolean unitLine,
            List<String> groups,
            List<String> series,
            double[][] values,
            double[][] halves) {
        double axisMax = Svg.nice(max(values, halves, unitLine));
        StringBuilder svg = new StringBuilder();
        svg.append(Svg.open(WIDTH, HEIGHT, title, LEFT, 16));
        axis(svg, axisMax, unit, unitLine);
        double group = (double) (WIDTH - LEFT - RIGHT) / Math.max(1, groups.size());
        double bar = Math.min(28, group * 0.8 / Math.max(1, series.size()));
        for (int s = 0; s < groups.size(); s++) {
            double x0 = LEFT + group * s + (group - bar * series.size()) / 2;
            for (int f = 0; f < series.size(); f++) {
                if (!Double.isNaN(values[s][f])) {
                    bar(
                            svg,
                            x0 + bar * f,
                            bar,
                            axisMax,
                            values[s][f],
                            halves[s][f],
                            f,
                            Svg.xml(groups.get(s)) + ", " + Svg.xml(series.get(f)) + ": " + Numbers.sig(values[s][f])
                                    + Svg.xml(unit));
                }
            }
            svg.append(Svg.text(LEFT + group * s + group / 2, TOP + PLOT + 16, Svg.xml(groups.get(s)), "middle", ""));
        }
        svg.append(Svg.text(
                12,
                TOP + PLOT / 2.0,
                Svg.xml(yLabel),
                "middle",
                "transform=\"rotate(-90 12 " + String.format(Locale.ROOT, "%.1f", TOP + PLOT / 2.0) + ")\""));
        legend(svg, series);
        svg.append("</svg>\n");
        return svg.toString();
    }

    // the largest bar top, error bar included; at least 1 with a unit line
    private static double max(double[][] values, double[][] halves, boolean unitLine) {
        double max = unitLine ? 1 : 0;
        for (int s = 0; s < values.length; s++) {
            for (int f = 0; f < values[s].length; f++) {
                if (!Double.isNaN(values[s][f])) {
                    max = Math.max(max, values[s][f] + (Double.isNaN(halves[s][f]) ? 0 : halves[s][f]));
                }
            }
        }
        return max <= 0 ? 1 : max;
    }

    private static void axis(StringBuilder svg, double axisMax, String unit, boolean unitLine) {
        for (int i = 0; i <= 4; i++) {
            double v = axisMax * i / 4;
            double y = TOP + PLOT - PLOT * v / axisMax;
            svg.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    LEFT,
                    y,
                    WIDTH - RIGHT,
                    y));
            svg.append(Svg.text(LEFT - 6, y + 4, Svg.xml(Numbers.sig(v) + unit), "end", ""));
        }
        if (unitLine) {
            svg.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333\" "
                            + "stroke-dasharray=\"4 3\"/>%n",
                    LEFT,
                    TOP + PLOT - PLOT / axisMax,
                    WIDTH - RIGHT,
                    TOP + PLOT - PLOT / axisMax));
        }
    }

    // one bar of series f at x, with its error bar; tooltip is already escaped
    private static void bar(
            StringBuilder svg, double x, double bar, double axisMax, double value, double half, int f, String tooltip) {
        double h = PLOT * value / axisMax;
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"%s\"><title>%s</title></rect>%n",
                x,
                TOP + PLOT - h,
                bar - 2,
                h,
                PALETTE.get(f % PALETTE.size()),
                tooltip));
        if (!Double.isNaN(half)) {
            double cx = x + (bar - 2) / 2;
            double y1 = TOP + PLOT - PLOT * Math.min(axisMax, value + half) / axisMax;
            double y2 = TOP + PLOT - PLOT * Math.max(0, value - half) / axisMax;
            svg.append(String.format(
                    Locale.ROOT,
                    "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" " + "stroke=\"#000\" fill=\"none\"/>%n",
                    cx,
                    y1,
                    y2,
                    cx - 3,
                    y1,
                    cx + 3,
                    cx - 3,
                    y2,
                    cx + 3));
        }
    }

    private static void legend(StringBuilder svg, List<String> series) {
        double lx = LEFT;
        for (int f = 0; f < series.size(); f++) {
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    lx,
                    LEGEND_Y - 10,
                    PALETTE.get(f % PALETTE.size())));
            svg.append(Svg.text(lx + 16, LEGEND_Y, Svg.xml(series.get(f)), "start", ""));
            lx += 28 + 7 * series.get(f).length();
        }
    }
}
