package org.fsflow.run;

import java.time.Instant;
import org.fsflow.measure.Usage;

/**
 * How one process ended and what it used.
 *
 * @param exitCode    the exit status (128 + signal when killed), or -1 when it did not start
 * @param timedOut    killed by its time limit (with its whole process tree)
 * @param interrupted killed because the run was interrupted (Ctrl-C, SIGTERM)
 * @param startError  why it could not start (program not found ...), or null
 * @param usage       what it used
 * @param startedAt   wall-clock start
 * @param endedAt     wall-clock end
 * @param stderrTail  the last lines of its standard error, for failure reasons
 */
public record Execution(int exitCode, boolean timedOut, boolean interrupted, String startError, Usage usage,
        Instant startedAt, Instant endedAt, String stderrTail) {

    /** True when the process ran and exited 0. */
    public boolean succeeded() {
        return exitCode == 0 && !timedOut && !interrupted && startError == null;
    }
}
