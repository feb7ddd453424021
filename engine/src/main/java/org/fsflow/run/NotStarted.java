package org.fsflow.run;

/**
 * A run interrupted (Ctrl-C, SIGTERM) before its first node: nothing was started,
 * what it had written was removed, and the message says which command to run again. Exit 3.
 */
public final class NotStarted extends RuntimeException {

    /** An interrupt before the start, with its user-facing message. */
    public NotStarted(String message) {
        super(message, null, false, false);
    }
}
