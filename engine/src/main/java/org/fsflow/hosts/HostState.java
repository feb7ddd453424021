package org.fsflow.hosts;

import java.util.List;

/**
 * Where one host's part of a campaign stands, as {@code OUT/hosts.json} records it (what
 * {@code fsflow resume OUT} reads).
 *
 * @param name      the host's inventory name
 * @param status    where it stands
 * @param remoteDir its private directory on the host, or null before it was made
 * @param exitCode  the remote fsflow's exit code, or null when it did not end by itself
 * @param reason    why it failed, was interrupted or could not be reached, or null
 * @param sets      the {@code --set} values its run was given (its own, and its share of a split)
 * @param job       with {@code --via slurm}: the Slurm job id of its last run, else null
 * @param node      with {@code --via slurm}: the node that job ran on, else null
 */
public record HostState(
        String name,
        Status status,
        String remoteDir,
        Integer exitCode,
        String reason,
        List<String> sets,
        String job,
        String node) {

    /** Where a host stands. */
    public enum Status {
        /** Not started yet. */
        PENDING,
        /** Its campaign ended by itself and its results are fetched (every step ok, or some failed). */
        DONE,
        /** Stopped by Ctrl-C; its remote run tore down and can be resumed. */
        INTERRUPTED,
        /** Could not be reached or lacks what fsflow needs (the reason says which). */
        UNREACHABLE,
        /** The connection died during its run; resume continues it. */
        LOST;

        /** True when {@code fsflow resume} has nothing left to do for the host. */
        public boolean finished() {
            return this == DONE;
        }
    }

    /** This state with another status, exit code and reason. */
    HostState with(Status s, Integer code, String why) {
        return new HostState(name, s, remoteDir, code, why, sets, job, node);
    }

    /** This state with its remote directory. */
    HostState in(String dir) {
        return new HostState(name, status, dir, exitCode, reason, sets, job, node);
    }

    /** This state with the Slurm job that runs it and its node. */
    HostState onJob(String jobId, String nodeName) {
        return new HostState(name, status, remoteDir, exitCode, reason, sets, jobId, nodeName);
    }
}
