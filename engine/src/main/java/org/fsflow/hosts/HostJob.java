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

    /** The host state that a remote fsflow's exit code means once its results are in place. */
    static HostState ended(HostState state, int exitCode, String errors) {
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
