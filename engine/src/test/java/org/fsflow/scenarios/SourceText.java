package org.fsflow.scenarios;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.result.MetricTable;

/**
 * The numbers a line of a source document holds, and what they are in fsflow's units, for
 * {@link SourceFindingsTest}. A number may carry a unit glued or spaced after it ({@code 3024ms},
 * {@code 8us}, {@code 0m12.822s}, {@code 844 MB/s}); the figure's metric says which unit fsflow
 * records ({@link MetricTable}), and the conversion between the two is one of the few below.
 * Without a unit a number is taken as it stands: bonnie++'s K/sec is fsflow's KiB/s, seconds are
 * seconds, percentages are percentages.
 */
final class SourceText {

    // filesystem names with a digit ("Ext3", glued to the next number in seed 002: "Ext32.5秒")
    private static final Pattern NAMES_WITH_DIGITS = Pattern.compile("(?i)ext[234]");
    private static final Pattern NUMBER =
            Pattern.compile("(\\d*\\.?\\d+)(?:\\s?(MB/s|kB/s|GB/s|ms|us|µs|s)(?![A-Za-z]))?");
    private static final double EPSILON = 1e-9;

    /** A number on a line and the unit written after it, or "" when none is. */
    record Token(BigDecimal number, String unit) {}

    private SourceText() {}

    /** Every number on {@code line}, in order. */
    static List<Token> tokens(String line) {
        List<Token> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(NAMES_WITH_DIGITS.matcher(line).replaceAll(" "));
        while (m.find()) {
            out.add(new Token(new BigDecimal(m.group(1)), m.group(2) == null ? "" : m.group(2)));
        }
        return out;
    }

    /** {@code token} in the unit fsflow records {@code metric} in. */
    static double inFsflowUnits(Token token, String metric) {
        String unit = MetricTable.of(metric).unit();
        BigDecimal factor = switch (unit) {
            case "µs" ->
                switch (token.unit()) {
                    case "ms" -> BigDecimal.valueOf(1000);
                    case "s" -> BigDecimal.valueOf(1_000_000);
                    default -> BigDecimal.ONE;
                };
            case "B/s" ->
                switch (token.unit()) {
                    case "kB/s" -> BigDecimal.valueOf(1000);
                    case "MB/s" -> BigDecimal.valueOf(1_000_000);
                    case "GB/s" -> BigDecimal.valueOf(1_000_000_000);
                    default -> BigDecimal.ONE;
                };
            case "s" -> token.unit().equals("ms") ? new BigDecimal("0.001") : BigDecimal.ONE;
            default -> BigDecimal.ONE;
        };
        return token.number().multiply(factor, MathContext.DECIMAL64).doubleValue();
    }

    /** True when {@code line} holds a number that is {@code value} once in fsflow's unit of {@code metric}. */
    static boolean holds(String line, double value, String metric) {
        for (Token t : tokens(line)) {
            if (same(inFsflowUnits(t, metric), value)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The mean of comma-separated field {@code column} (1-based) over lines {@code first} to
     * {@code last} (1-based, inclusive) of {@code document}; null when a field there is not a
     * number (bonnie++'s {@code +++++}).
     */
    static Double mean(List<String> document, int first, int last, int column) {
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = first; i <= last; i++) {
            String[] fields = document.get(i - 1).split(",", -1);
            if (fields.length < column || !fields[column - 1].matches("\\d*\\.?\\d+")) {
                return null;
            }
            sum = sum.add(new BigDecimal(fields[column - 1]));
        }
        return sum.divide(BigDecimal.valueOf(last - first + 1L), MathContext.DECIMAL64)
                .doubleValue();
    }

    /** Equal but for floating point rounding. */
    static boolean same(double a, double b) {
        return Math.abs(a - b) <= EPSILON * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }
}
