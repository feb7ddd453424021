package org.fsflow.host;

import java.time.Instant;
import java.util.List;
import org.fsflow.measure.KernelCpu;
import org.fsflow.measure.Usage;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Where;
import org.fsflow.result.Status;

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
 * @param kernelCpu   the CPU the host's kernel threads used meanwhile, or null when not measured
 * @param observed    its bytes told apart and its time series, or null when not observed
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
        Long oomKills,
        KernelCpu kernelCpu,
        StepOutcome.Observed observed) {

    /** An execution whose bytes and time series were not observed. */
    public Execution(
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
            Long oomKills,
            KernelCpu kernelCpu) {
        this(
                exitCode,
                timedOut,
                interrupted,
                startError,
                usage,
                startedAt,
                endedAt,
                stderrTail,
                flushSeconds,
                hostOtherCpuSeconds,
                memoryBudgetBytes,
                signal,
                oomKills,
                kernelCpu,
                null);
    }

    /** An execution whose kernel threads were not measured. */
    public Execution(
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
        this(
                exitCode,
                timedOut,
                interrupted,
                startError,
                usage,
                startedAt,
                endedAt,
                stderrTail,
                flushSeconds,
                hostOtherCpuSeconds,
                memoryBudgetBytes,
                signal,
                oomKills,
                null);
    }

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
                null,
                null);
    }

    /** True when the process ran and exited 0. */
    public boolean succeeded() {
        return exitCode == 0 && !timedOut && !interrupted && startError == null;
    }

    /**
     * What the host observed of a step that ended as this execution: its figures at microsecond
     * resolution (as results.jsonl has always had them), measured by {@code method}, with the CPU
     * its filesystem's services used meanwhile ({@code serviceCpuS}, or null).
     */
    StepOutcome outcome(
            String command,
            Status status,
            String reason,
            StepOutcome.Method method,
            Double serviceCpuS,
            List<String> log,
            Where where) {
        Usage u = usage;
        StepOutcome.Figures figures = new StepOutcome.Figures(
                round(u.realSeconds()),
                round(u.userSeconds()),
                round(u.systemSeconds()),
                u.cpuPercent(),
                u.maxRssKb(),
                u.minorFaults(),
                u.majorFaults(),
                u.readBytes(),
                u.writeBytes(),
                u.ioBusyMillis());
        StepOutcome.Around around = new StepOutcome.Around(
                memoryBudgetBytes,
                flushSeconds == null ? null : round(flushSeconds),
                hostOtherCpuSeconds,
                serviceCpuS,
                signal,
                oomKills,
                null,
                observed);
        Integer exit = exitCode < 0 ? null : exitCode;
        return new StepOutcome(command, status, exit, reason, figures, startedAt, endedAt, method, around, log, where);
    }

    /**
     * The kernel threads' CPU of this execution, the part of a step on a filesystem of class
     * {@code fsClass} (see {@link KernelCpu#attributed}) on {@code devices} told apart; null when
     * not measured.
     */
    StepOutcome.Kernel kernel(String fsClass, List<String> devices) {
        return kernelCpu == null
                ? null
                : new StepOutcome.Kernel(
                        kernelCpu.seconds(), kernelCpu.attributed(fsClass, devices), kernelCpu.byClass());
    }

    /** Why this execution failed, in one line: the cause and the ends of its stderr. */
    String failure() {
        if (startError != null) {
            return startError;
        }
        String head = StepEnd.head(this);
        // tools put the cause first and a usage or version line last (bonnie++): show both ends
        List<String> lines = (stderrTail == null ? "" : stderrTail)
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        if (lines.isEmpty()) {
            return head;
        }
        String text = lines.size() == 1 ? lines.get(0) : lines.get(0) + " … " + lines.get(lines.size() - 1);
        return head + ": " + (text.length() > 300 ? text.substring(0, 300) + "..." : text);
    }

    // microsecond resolution, as results.jsonl has always had it
    private static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
