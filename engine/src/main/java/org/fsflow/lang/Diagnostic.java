package org.fsflow.lang;

/**
 * One problem found in a scenario, reported as {@code file:line:col: error: message}.
 *
 * @param severity error (the scenario cannot run) or warning (it can, with a weaker method)
 * @param location where to look
 * @param message  what is wrong and, where possible, what to do
 */
public record Diagnostic(Severity severity, Location location, String message) {

    /** How bad a diagnostic is. */
    public enum Severity {
        ERROR,
        WARNING;

        String label() {
            return this == ERROR ? "error" : "warning";
        }
    }

    /** The first line of the report, as compilers print it. */
    public String headline() {
        return location + ": " + severity.label() + ": " + message;
    }
}
