package org.fsflow.run;

/**
 * The exit codes of every fsflow command, in one table (a contract: see the README). It lives in
 * {@code run}, the lowest package that decides one (a run's outcome); the command line above reads
 * it through {@code cli.ExitCodes}.
 */
public enum ExitCode {
    /** Everything asked for succeeded. */
    OK(0, "all scenarios valid / all measured steps succeeded"),
    /** A scenario is invalid, or a step failed. */
    FAILED(1, "a scenario is invalid, or a step failed"),
    /** The command line is wrong. */
    USAGE(2, "usage error (wrong options or arguments)"),
    /** The run was interrupted; {@code fsflow resume DIR} continues it. */
    INTERRUPTED(3, "interrupted; continue with 'fsflow resume DIR'"),
    /** {@code resume} found no record of a run in its directory: nothing to continue. */
    NOTHING_TO_RESUME(4, "resume: no record of a run in DIR; start it with 'fsflow run'");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The process exit status. */
    public int code() {
        return code;
    }

    /** What it means, as {@code fsflow --help} lists it. */
    public String meaning() {
        return meaning;
    }
}
