package org.fsflow.chart;

import java.util.Locale;
import org.fsflow.safety.Visible;

/**
 * What every chart of fsflow's reports is drawn with: the opening of an SVG with its accessible
 * title, a text element, XML escaping, and a round upper bound for an axis. Charts are drawn in
 * Java so that they are exact, deterministic and need no script.
 */
public final class Svg {

    private Svg() {}

    /** The smallest of 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8 and 10 times a power of ten that is at least {@code v}. */
    public static double nice(double v) {
        double[] steps = {1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};
        double scale = Math.pow(10, Math.floor(Math.log10(v)));
        for (double s : steps) {
            if (s * scale >= v) {
                return s * scale;
            }
        }
        return 10 * scale;
    }

    /**
     * The opening of a chart {@code width} by {@code height}: the {@code svg} element, its
     * {@code title} (what a screen reader says) and the same title drawn in bold at (x, y).
     */
    public static String open(int width, int height, String title, double x, double y) {
        return String.format(
                        Locale.ROOT,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                                + "height=\"%d\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">%n",
                        width,
                        height,
                        width,
                        height)
                + "<title>" + xml(title) + "</title>\n"
                + text(x, y, xml(title), "start", "font-size=\"13\" font-weight=\"bold\"");
    }

    /** An SVG text element at (x, y) of already escaped text; {@code extra} attributes, "" for none. */
    public static String text(double x, double y, String escaped, String anchor, String extra) {
        return String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>%n",
                x,
                y,
                anchor,
                extra.isEmpty() ? "" : " " + extra,
                escaped);
    }

    /**
     * XML text escaping for SVG content and attributes, control characters shown as {@link Visible#line}
     * (XML 1.0 cannot hold most of them even as character references, so the SVG stays well-formed).
     */
    public static String xml(String s) {
        return Visible.line(s)
                .replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
