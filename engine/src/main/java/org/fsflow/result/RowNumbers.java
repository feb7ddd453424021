package org.fsflow.result;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The numbers of a journal row, read strictly: a field that should hold a number and holds a
 * string, an object, a fraction where a count goes, or a value out of its range makes the row
 * unreadable ({@link RowErrors.RowProblem}, naming the field and the value), never a silent 0.
 */
final class RowNumbers {

    private RowNumbers() {}

    /** The longest a measured duration may be: a year, far beyond any campaign's step. */
    static final double MAX_SECONDS = 366 * 86400.0;

    /** A duration in seconds: finite, not negative, at most {@link #MAX_SECONDS}. */
    static double seconds(JsonParser p) throws IOException {
        double v = finite(p);
        if (v < 0) {
            throw problem(p, "is negative");
        }
        if (v > MAX_SECONDS) {
            throw problem(p, "is longer than a year of seconds");
        }
        return v;
    }

    /** A finite number. */
    static double finite(JsonParser p) throws IOException {
        if (!p.currentToken().isNumeric()) {
            throw problem(p, "is not a number");
        }
        double v = p.getDoubleValue();
        if (!Double.isFinite(v)) {
            throw problem(p, "is out of range");
        }
        return v;
    }

    /** A finite number above 0. */
    static double positive(JsonParser p) throws IOException {
        double v = finite(p);
        if (v <= 0) {
            throw problem(p, "is not above 0");
        }
        return v;
    }

    /** A whole number of an {@code int}, at least {@code min}. */
    static int whole(JsonParser p, int min) throws IOException {
        long v = count(p, min);
        if (v > Integer.MAX_VALUE) {
            throw problem(p, "is out of range");
        }
        return (int) v;
    }

    /** A whole number, not negative. */
    static long count(JsonParser p) throws IOException {
        return count(p, 0);
    }

    private static long count(JsonParser p, long min) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw problem(p, p.currentToken().isNumeric() ? "is not a whole number" : "is not a number");
        }
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw problem(p, "is out of range");
        }
        long v = p.getLongValue();
        if (v < min) {
            throw problem(p, v < 0 ? "is negative" : "is out of range");
        }
        return v;
    }

    /** true or false. */
    static boolean bool(JsonParser p) throws IOException {
        if (!p.currentToken().isBoolean()) {
            throw problem(p, "is not true or false");
        }
        return p.getBooleanValue();
    }

    private static RowErrors.RowProblem problem(JsonParser p, String what) throws IOException {
        String text = p.currentToken().isScalarValue()
                ? p.getText()
                : p.currentToken() == JsonToken.START_OBJECT ? "{...}" : "[...]";
        if (text.length() > 40) {
            text = text.substring(0, 40) + "...";
        }
        return new RowErrors.RowProblem("'" + p.currentName() + "' " + what + " (" + text + ")");
    }
}
