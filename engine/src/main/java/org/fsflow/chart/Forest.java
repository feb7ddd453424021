package org.fsflow.chart;

import java.util.List;
import java.util.Locale;
import org.fsflow.result.Fieller;
import org.fsflow.summary.Equivalence;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.Ratios;
import org.fsflow.summary.Verdict;

/**
 * The forest plot of a run's findings on a log scale of ratios, one row per finding: the band the
 * verdict accepts (around the source's ratio for a direction, by the finding's tolerance; the
 * equivalence margin around 1 for a tie), the source's ratio as a diamond, and fsflow's ratio with
 * its 95 % interval, coloured by verdict. An interval unbounded below, or with no bounds, is drawn
 * to the plot's edge with an open end. A plain SVG, escaped, the same for the same verdicts.
 */
public final class Forest {

    public static final String FILE = "forest.svg";

    private static final int WIDTH = 1100;
    private static final int LABEL = 300;
    private static final int RIGHT = 24;
    private static final int TOP = 46;
    private static final int ROW = 17;
    private static final int BOTTOM = 40;
    /** The widest axis drawn: ×0.001 to ×1000 (a ratio beyond it sits at the edge, with its value in its tooltip). */
    private static final int MAX_DECADES = 3;

    private Forest() {}

    /** The plot of {@code verdicts} (those of one class, say), "" when none has a ratio to draw. */
    public static String svg(String title, List<Verdict> verdicts) {
        List<Verdict> drawn =
                verdicts.stream().filter(v -> v.interval() != null).toList();
        if (drawn.isEmpty()) {
            return "";
        }
        int[] decades = decades(drawn);
        int height = TOP + ROW * drawn.size() + BOTTOM;
        StringBuilder s = new StringBuilder(Svg.open(WIDTH, height, title, 8, 16));
        legend(s);
        axis(s, decades, height);
        for (int i = 0; i < drawn.size(); i++) {
            row(s, drawn.get(i), TOP + ROW * i + ROW / 2.0, decades);
        }
        return s.append("</svg>\n").toString();
    }

    // the smallest and largest decade (powers of ten) that hold every ratio, band and bound drawn
    private static int[] decades(List<Verdict> verdicts) {
        double low = 1;
        double high = 1;
        for (Verdict v : verdicts) {
            for (double x : values(v)) {
                if (x > 0 && Double.isFinite(x)) {
                    low = Math.min(low, x);
                    high = Math.max(high, x);
                }
            }
        }
        int from = Math.max(-MAX_DECADES, (int) Math.floor(Math.log10(low) + 1e-9));
        int to = Math.min(MAX_DECADES, (int) Math.ceil(Math.log10(high) - 1e-9));
        return new int[] {from, Math.max(to, from + 1)};
    }

    private static double[] values(Verdict v) {
        Fieller.Interval i = v.interval();
        double[] band = band(v);
        return new double[] {i.ratio(), i.low(), i.high(), v.finding().ratio(), band[0], band[1]};
    }

    /** The band the verdict accepts fsflow's interval in, {NaN, NaN} when none (a size not judged). */
    static double[] band(Verdict v) {
        if (v.tie() != null && v.tie().tie()) {
            return new double[] {1 / Equivalence.MARGIN, Equivalence.MARGIN};
        }
        double source = v.finding().ratio();
        if (Double.isNaN(source) || v.triage().kind() == FindingClass.EMULATED) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double t = v.finding().tolerance();
        return new double[] {source / t, source * t};
    }

    private static double x(double ratio, int[] decades) {
        double clamped = Math.min(Math.max(Math.log10(ratio), decades[0]), decades[1]);
        return LABEL + (clamped - decades[0]) / (decades[1] - decades[0]) * (WIDTH - LABEL - RIGHT);
    }

    private static void axis(StringBuilder s, int[] decades, int height) {
        double bottom = height - BOTTOM + 4;
        for (int d = decades[0]; d <= decades[1]; d++) {
            double x = x(Math.pow(10, d), decades);
            String stroke = d == 0 ? "#333" : "#ddd";
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>%n",
                    x,
                    TOP - 4,
                    x,
                    bottom,
                    stroke,
                    d == 0 ? " stroke-dasharray=\"4 3\"" : ""));
            s.append(Svg.text(x, bottom + 14, Svg.xml("×" + Numbers.sig(Math.pow(10, d))), "middle", ""));
        }
        s.append(Svg.text(
                (LABEL + WIDTH - RIGHT) / 2.0,
                bottom + 30,
                Svg.xml("ratio of the finding's two sides (log scale)"),
                "middle",
                "fill=\"#555\""));
    }

    private static void legend(StringBuilder s) {
        String[][] items = {
            {"reproduced", Colours.REPRODUCED}, {"direction only", Colours.DIRECTION_ONLY},
            {"contradicted", Colours.CONTRADICTED}, {"inconclusive", Colours.INCONCLUSIVE}
        };
        double x = LABEL;
        for (String[] item : items) {
            s.append(String.format(
                    Locale.ROOT, "<rect x=\"%.1f\" y=\"24\" width=\"10\" height=\"10\" fill=\"%s\"/>%n", x, item[1]));
            s.append(Svg.text(x + 14, 33, Svg.xml(item[0]), "start", ""));
            x += 24 + 7 * item[0].length();
        }
        s.append(String.format(
                Locale.ROOT, "<path d=\"M%.1f 29 l5 -5 l5 5 l-5 5 z\" fill=\"#fff\" stroke=\"#000\"/>%n", x));
        s.append(Svg.text(x + 14, 33, Svg.xml("the source's ratio"), "start", ""));
        x += 130;
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"24\" width=\"18\" height=\"10\" fill=\"#e6e6e6\" stroke=\"#bbb\"/>%n",
                x));
        s.append(Svg.text(x + 22, 33, Svg.xml("accepted band"), "start", ""));
    }

    private static void row(StringBuilder s, Verdict v, double y, int[] decades) {
        String colour = Colours.of(v.outcome());
        Fieller.Interval i = v.interval();
        String tip = v.finding().id() + ": fsflow " + Ratios.text(i) + ", source "
                + (Double.isNaN(v.finding().ratio())
                        ? (v.finding().higher() ? "higher" : "lower")
                        : "×" + Numbers.sig(v.finding().ratio()))
                + ", " + v.outcome().label();
        s.append("<g><title>").append(Svg.xml(tip)).append("</title>\n");
        String label = v.finding().id().length() > 44
                ? v.finding().id().substring(0, 43) + "…"
                : v.finding().id();
        s.append(Svg.text(LABEL - 8, y + 4, Svg.xml(label), "end", ""));
        double[] band = band(v);
        if (!Double.isNaN(band[0])) {
            double a = x(band[0], decades);
            s.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"#e6e6e6\"/>%n",
                    a,
                    y - 6,
                    Math.max(1, x(band[1], decades) - a),
                    12));
        }
        // the source's diamond under fsflow's interval and mean, which stay visible where they meet
        double source = v.finding().ratio();
        if (!Double.isNaN(source) && source > 0) {
            s.append(String.format(
                    Locale.ROOT,
                    "<path d=\"M%.1f %.1f l5 -5 l5 5 l-5 5 z\" fill=\"#fff\" stroke=\"#000\"/>%n",
                    x(source, decades) - 5,
                    y));
        }
        boolean bounded = i.bounded() && i.low() > 0;
        double from = bounded ? x(i.low(), decades) : LABEL;
        double to = i.bounded() && Double.isFinite(i.high()) ? x(i.high(), decades) : WIDTH - RIGHT;
        s.append(String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                from,
                y,
                to,
                y,
                colour,
                bounded ? "" : " stroke-dasharray=\"3 2\""));
        if (i.ratio() > 0) {
            s.append(String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>%n",
                    x(i.ratio(), decades),
                    y,
                    colour));
        }
        s.append("</g>\n");
    }

    /** The verdicts' colours, as the verdict table's cells have them. */
    static final class Colours {
        static final String REPRODUCED = "#2e7d32";
        static final String DIRECTION_ONLY = "#c49000";
        static final String CONTRADICTED = "#c62828";
        static final String INCONCLUSIVE = "#8a8a8a";

        private Colours() {}

        static String of(Verdict.Outcome o) {
            return switch (o) {
                case REPRODUCED -> REPRODUCED;
                case DIRECTION_ONLY -> DIRECTION_ONLY;
                case CONTRADICTED -> CONTRADICTED;
                case INCONCLUSIVE -> INCONCLUSIVE;
            };
        }
    }
}
