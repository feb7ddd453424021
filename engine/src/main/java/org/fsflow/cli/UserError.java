package org.fsflow.cli;

/**
 * A mistake of the user or of the environment, reported as one line (no stack trace) with the
 * exit code to return.
 */
public final class UserError extends RuntimeException {

    private final int exitCode;

    /** An error with its message and exit code. */
    public UserError(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    /** The exit code fsflow returns. */
    public int exitCode() {
        return exitCode;
    }
}
