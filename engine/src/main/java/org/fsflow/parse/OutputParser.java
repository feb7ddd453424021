package org.fsflow.parse;

import java.util.Map;

/**
 * Turns a tool's output into figures for a result's {@code metrics}. A parser that finds nothing
 * it recognises throws {@link Unparseable}; the step is then recorded as failed and its raw log
 * is kept.
 */
public interface OutputParser {

    /** The figures found in {@code stdout} and {@code stderr}: numbers, or null for "not measured". */
    Map<String, Object> parse(String stdout, String stderr) throws Unparseable;

    /** Output that does not hold what the parser expects. */
    final class Unparseable extends Exception {
        /** With what was expected and not found. */
        public Unparseable(String message) {
            super(message, null, false, false);
        }
    }
}
