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
 * @param flushSeconds the time of the flush after the process exited (inside {@code usage}'s real
 *                    time), or null when the step does not flush
 * @param hostOtherCpuSeconds CPU time the host used outside the process tree meanwhile, or null
 * @param memoryBudgetBytes the memory budget it ran under, or null for none
 * @param signal      the signal that killed it when fsflow did not send it (SIGKILL, SIGTERM,
 *                    SIGINT; see {@link StepEnd}), or null
 * @param oomKills    processes the kernel's OOM killer killed in its memory cgroup while it ran,
 *                    or null when it had no budget (or the kernel does not count them)
 */
public record Execution(
        int exitCode,
        boolean timedOut,
        boolean interrupted,
        String startError,
        Usage usage,
        Instant startedAt,
        Instant endedAt,
        String stderrTail,
        Double flushSeconds,
        Double hostOtherCpuSeconds,
        Long memoryBudgetBytes,
        String signal,
        Long oomKills) {

    /** An execution without flush, noise or budget figures. */
    public Execution(
            int exitCode,
            boolean timedOut,
            boolean interrupted,
            String startError,
            Usage usage,
            Instant startedAt,
            Instant endedAt,
            String stderrTail) {
        this(
                exitCode,
                timedOut,
                interrupted,
                startError,
                usage,
                startedAt,
                endedAt,
                stderrTail,
                null,
                null,
                null,
                StepEnd.outsideSignal(exitCode, timedOut || interrupted),
                null);
    }

    /** True when the process ran and exited 0. */
    public boolean succeeded() {
        return exitCode == 0 && !timedOut && !interrupted && startError == null;
    }
}
