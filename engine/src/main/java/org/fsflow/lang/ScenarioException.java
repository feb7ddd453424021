package org.fsflow.lang;

import java.util.List;

/**
 * Thrown when a scenario cannot be loaded or is invalid. Carries every problem found, each with
 * its location; the CLI prints them and exits 1. Never shown to a user as a stack trace.
 */
public final class ScenarioException extends Exception {

    private final List<Diagnostic> diagnostics;
    private final SourceText source;

    /** Creates the exception from the problems found in {@code source} (may be null). */
    public ScenarioException(SourceText source, List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "invalid scenario" : diagnostics.get(0).headline(), null, false, false);
        this.source = source;
        this.diagnostics = List.copyOf(diagnostics);
    }

    /** Every problem, errors first. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** The text the problems point into, to show source lines and carets (null if unreadable). */
    public SourceText source() {
        return source;
    }
}
