package org.fsflow.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.util.Locale;

/**
 * Why a line of a journal is not a measurement, in fsflow's words: the problems the row reader
 * names itself ({@link RowProblem}) as they are, the JSON parser's by what they mean and where
 * (column), never by the parser's own text, which speaks of its features and classes.
 */
final class RowErrors {

    private RowErrors() {}

    /** A row's problem found by the reader itself, already in words (names the field). */
    static final class RowProblem extends java.io.IOException {
        RowProblem(String message) {
            super(message);
        }
    }

    /** True when {@code e} says the row's JSON stops before its end: a line cut short. */
    static boolean cutShort(Exception e) {
        if (e instanceof JsonEOFException) {
            return true;
        }
        String original = e instanceof JsonProcessingException j ? String.valueOf(j.getOriginalMessage()) : "";
        return original.contains("code 10)") || original.contains("code 13)");
    }

    /** The reason for {@code e}, one line. */
    static String reason(Exception e) {
        if (e instanceof RowProblem) {
            return e.getMessage();
        }
        if (e instanceof JsonEOFException) {
            return "the line ends in the middle of a row (cut short)";
        }
        if (e instanceof JsonProcessingException j) {
            String original = String.valueOf(j.getOriginalMessage());
            String at = j.getLocation() == null
                    ? ""
                    : " at column " + j.getLocation().getColumnNr();
            String field = field(j);
            if (original.contains("Non-standard token")) {
                return field + "is NaN or infinite" + at
                        + ", which JSON cannot hold: write null where there is no value";
            }
            if (original.contains("code 10)") || original.contains("code 13)")) {
                return "the line ends in the middle of a row" + at + " (cut short)";
            }
            if (original.toLowerCase(Locale.ROOT).contains("illegal unquoted character")) {
                return "a control character inside a string" + at + " (write it escaped, as \\u001b)";
            }
            if (original.contains("Invalid UTF-8") || original.contains("Invalid UTF-32")) {
                return "bytes that are not UTF-8" + at;
            }
            return "not valid JSON" + at + (field.isEmpty() ? "" : " (in " + field.strip() + ")");
        }
        if (e instanceof IllegalArgumentException) {
            return String.valueOf(e.getMessage());
        }
        if (e instanceof java.io.IOException && e.getMessage() != null) {
            return e.getMessage(); // the row reader's own words: "'real_s' is not a number"
        }
        return "not a measurement";
    }

    private static String field(JsonProcessingException j) {
        if (j.getProcessor() instanceof com.fasterxml.jackson.core.JsonParser p) {
            try {
                String name = p.currentName();
                return name == null ? "" : "'" + name + "' ";
            } catch (java.io.IOException e) {
                return "";
            }
        }
        return "";
    }
}
