package org.fsflow.host;

/**
 * A run cannot start or go on for a reason the user can act on (a refused device, a lock held by
 * another run, a device that cannot be attached). Reported as one line; the run tears down what
 * it set up and exits 1.
 */
public final class RunFailure extends RuntimeException {

    /** A failure with its user-facing message. */
    public RunFailure(String message) {
        super(message, null, false, false);
    }
}
