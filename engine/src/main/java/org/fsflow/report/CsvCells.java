package org.fsflow.report;

import java.util.regex.Pattern;
import org.fsflow.safety.Visible;

/**
 * A text cell of a CSV fsflow writes, safe to open in a spreadsheet: control characters shown as
 * {@link Visible#text}, and a cell a spreadsheet would evaluate as a formula (one that starts
 * with {@code = + - @}, a tab or a carriage return) prefixed with a single quote, as OWASP's
 * "CSV injection" page advises; the CSV writer quotes such a cell (it holds a quote). A number
 * written as text, such as {@code -1.5}, is left as it is: it is data, not a formula.
 */
public final class CsvCells {

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private CsvCells() {}

    /** {@code s} as a CSV text cell; null is the empty cell. */
    public static String text(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        String v = Visible.text(s);
        char c = v.charAt(0);
        boolean formula = c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
        return formula && !NUMBER.matcher(v).matches() ? "'" + v : v;
    }

    /** {@code v} as a CSV cell: a string as {@link #text}, anything else (numbers, null) as it is. */
    public static Object cell(Object v) {
        return v instanceof String s ? text(s) : v;
    }
}
