package org.fsflow.hosts;

/**
 * One host's part of a campaign, carried by an engine the user already has: OpenSSH
 * ({@link HostRun}) or Slurm ({@link SlurmRun}). The seam between the campaign over hosts and
 * the way a host is reached.
 */
interface HostJob {

    /** Runs (or resumes) the host's part from {@code start}; never throws for a failure of the host. */
    HostState run(HostState start);

    /** Stops it: the remote fsflow ends its step, tears down and exits 3. */
    void stop();

    /** Exit codes of a process that a signal ended before it could handle it (128 + SIGINT, SIGTERM). */
    int BY_SIGINT = 130;

    int BY_SIGTERM = 143;

    /**
     * The host state that a remote fsflow's exit code means once its results are in place. When
     * fsflow {@code stopped} it, a death by the signal it sent (the remote fsflow was past its last
     * step, writing its report, and no longer traps it) is an interruption too: resume finishes it.
     */
    static HostState ended(HostState state, int exitCode, String errors, boolean stopped) {
        if (stopped && (exitCode == BY_SIGINT || exitCode == BY_SIGTERM)) {
            return state.with(
                    HostState.Status.INTERRUPTED,
                    3,
                    "interrupted (the remote fsflow ended on the signal, exit " + exitCode + ")");
        }
        return switch (exitCode) {
            case 0 -> state.with(HostState.Status.DONE, 0, null);
            case 1 -> state.with(HostState.Status.DONE, 1, "some steps failed (see its report)");
            case 3 -> state.with(HostState.Status.INTERRUPTED, 3, "interrupted");
            default ->
                state.with(
                        HostState.Status.LOST,
                        exitCode,
                        "the remote fsflow ended with exit " + exitCode + ": " + errors);
        };
    }
}
