package org.fsflow.report;

import java.util.List;
import java.util.Locale;

/**
 * SVG charts, drawn in Java so that they are exact, deterministic and need no script: a grouped
 * bar chart of each step's mean time per filesystem, relative to the fastest filesystem of that
 * step (1 = fastest), with the 95 % confidence interval as error bars. Relative, because steps
 * of one campaign differ by orders of magnitude; the tables give the seconds.
 */
final class Charts {

    /** Colours of the filesystems, in matrix order (distinguishable, print in grey). */
    static final List<String> PALETTE = List.of("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
            "#e377c2", "#7f7f7f", "#bcbd22", "#17becf");

    private Charts() {
    }

    /**
     * The chart of {@code means[step][fs]} with half-widths {@code halves} (NaN: no bar / no
     * error bar), {@code steps} along the x axis, one bar per filesystem.
     */
    static String groupedRelative(String title, List<String> steps, List<String> filesystems, double[][] means,
            double[][] halves) {
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
    static String grouped(String title, String yLabel, String unit, boolean unitLine, List<String> groups,
            List<String> series, double[][] values, double[][] halves) {
        int width = 760;
        int left = 64;
        int right = 16;
        int top = 34;
        int plot = 220;
        int legendY = top + plot + 44;
        int height = legendY + 22;
        double max = unitLine ? 1 : 0;
        for (int s = 0; s < groups.size(); s++) {
            for (int f = 0; f < series.size(); f++) {
                if (!Double.isNaN(values[s][f])) {
                    max = Math.max(max, values[s][f] + (Double.isNaN(halves[s][f]) ? 0 : halves[s][f]));
                }
            }
        }
        double axisMax = niceCeiling(max <= 0 ? 1 : max);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                + "width=\"%d\" height=\"%d\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">%n", width,
                height, width, height));
        svg.append("<title>").append(xml(title)).append("</title>\n");
        svg.append(text(left, 16, xml(title), "start", "font-size=\"13\" font-weight=\"bold\""));
        for (int i = 0; i <= 4; i++) {
            double v = axisMax * i / 4;
            double y = top + plot - plot * v / axisMax;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    left, y, width - right, y));
            svg.append(text(left - 6, y + 4, xml(Numbers.sig(v) + unit), "end", ""));
        }
        if (unitLine) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333\" "
                    + "stroke-dasharray=\"4 3\"/>%n", left, top + plot - plot / axisMax, width - right,
                    top + plot - plot / axisMax));
        }
        double group = (double) (width - left - right) / Math.max(1, groups.size());
        double bar = Math.min(28, group * 0.8 / Math.max(1, series.size()));
        for (int s = 0; s < groups.size(); s++) {
            double x0 = left + group * s + (group - bar * series.size()) / 2;
            for (int f = 0; f < series.size(); f++) {
                if (Double.isNaN(values[s][f])) {
                    continue;
                }
                double h = plot * values[s][f] / axisMax;
                double x = x0 + bar * f;
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"%s\"><title>%s, %s: %s%s</title></rect>%n", x, top + plot - h, bar - 2, h,
                        PALETTE.get(f % PALETTE.size()), xml(groups.get(s)), xml(series.get(f)),
                        Numbers.sig(values[s][f]), xml(unit)));
                if (!Double.isNaN(halves[s][f])) {
                    double cx = x + (bar - 2) / 2;
                    double y1 = top + plot - plot * Math.min(axisMax, values[s][f] + halves[s][f]) / axisMax;
                    double y2 = top + plot - plot * Math.max(0, values[s][f] - halves[s][f]) / axisMax;
                    svg.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" "
                            + "stroke=\"#000\" fill=\"none\"/>%n", cx, y1, y2, cx - 3, y1, cx + 3, cx - 3, y2, cx + 3));
                }
            }
            svg.append(text(left + group * s + group / 2, top + plot + 16, xml(groups.get(s)), "middle", ""));
        }
        svg.append(text(12, top + plot / 2.0, xml(yLabel), "middle",
                "transform=\"rotate(-90 12 " + String.format(Locale.ROOT, "%.1f", top + plot / 2.0) + ")\""));
        double lx = left;
        for (int f = 0; f < series.size(); f++) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    lx, legendY - 10, PALETTE.get(f % PALETTE.size())));
            svg.append(text(lx + 16, legendY, xml(series.get(f)), "start", ""));
            lx += 28 + 7 * series.get(f).length();
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static double niceCeiling(double v) {
        double[] steps = {1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};
        double scale = Math.pow(10, Math.floor(Math.log10(v)));
        for (double s : steps) {
            if (s * scale >= v) {
                return s * scale;
            }
        }
        return 10 * scale;
    }

    private static String text(double x, double y, String escaped, String anchor, String extra) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>%n", x, y, anchor,
                extra.isEmpty() ? "" : " " + extra, escaped);
    }

    /** XML text escaping for SVG content and attributes. */
    static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
