package org.fsflow.cli;

/** The exit codes of every fsflow command (a contract: see the README). */
public final class ExitCodes {

    /** Everything asked for succeeded: valid scenarios, all measured steps ok. */
    public static final int OK = 0;
    /** A scenario is invalid, or a step failed. */
    public static final int FAILED = 1;
    /** The command line is wrong. */
    public static final int USAGE = 2;
    /** The run was interrupted; {@code fsflow resume DIR} continues it. */
    public static final int INTERRUPTED = 3;

    private ExitCodes() {
    }
}
