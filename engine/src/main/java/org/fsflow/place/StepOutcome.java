package org.fsflow.place;

import java.time.Instant;
import java.util.List;
import org.fsflow.result.SharedExtents;
import org.fsflow.result.Status;
import org.fsflow.result.TimeSeries;
import org.fsflow.result.Traffic;

/**
 * What a place observed for one step: how it ended, what its process used, under what conditions,
 * how each figure was measured, and where. Every place (the host, a guest under another kernel)
 * hands one outcome per step to the walker's sink; one builder (the runner's {@code StepResults})
 * turns it into the step's {@link org.fsflow.result.Measurement} with the node's coordinates and
 * the figures parsed from its output. A place puts its figures here exactly as the row must show
 * them (rounded as it measured them).
 *
 * @param command   the command as run, like GNU time's %C
 * @param status    ok, failed, timeout or skipped
 * @param exitCode  the process exit status, or null when it did not run
 * @param reason    why it failed or was skipped, or null
 * @param figures   what the process used, or null when it did not run
 * @param startedAt when it started, or null when it did not run
 * @param endedAt   when it ended, or null likewise
 * @param method    how the figures were measured, or null when it did not run
 * @param around    what surrounded the process (its budget, flush, noise), or null when it did not run
 * @param log       its stdout and stderr log files, relative to the output directory; empty when it did
 *                  not run
 * @param where     where it ran (or would have run)
 */
public record StepOutcome(
        String command,
        Status status,
        Integer exitCode,
        String reason,
        Figures figures,
        Instant startedAt,
        Instant endedAt,
        Method method,
        Around around,
        List<String> log,
        Where where) {

    /**
     * What the step's process used, each figure null where the place could not measure it.
     *
     * @param realS       elapsed seconds
     * @param userS       user CPU seconds
     * @param sysS        system CPU seconds
     * @param cpuPct      CPU over elapsed time, in percent, truncated
     * @param maxRssKb    maximum resident set size
     * @param minorFaults minor page faults
     * @param majorFaults major page faults
     * @param readBytes   read from the devices under test
     * @param writeBytes  written to them
     * @param ioBusyMs    milliseconds they were busy
     */
    public record Figures(
            Double realS,
            Double userS,
            Double sysS,
            Long cpuPct,
            Long maxRssKb,
            Long minorFaults,
            Long majorFaults,
            Long readBytes,
            Long writeBytes,
            Long ioBusyMs) {

        /** These figures with other times: a better clock's, or the flush's added. */
        public Figures timed(Double real, Double user, Double sys, Long cpu) {
            return new Figures(
                    real, user, sys, cpu, maxRssKb, minorFaults, majorFaults, readBytes, writeBytes, ioBusyMs);
        }
    }

    /**
     * How the figures were measured.
     *
     * @param devices      the block devices whose I/O was counted
     * @param cpuMethod    how user and system time were measured
     * @param memoryMethod how the maximum resident set size was measured
     */
    public record Method(List<String> devices, String cpuMethod, String memoryMethod) {}

    /**
     * What surrounded the step's process.
     *
     * @param memoryBudgetBytes the memory budget it ran under, or null for none
     * @param flushS            seconds the flush after it took (inside its real time), or null
     * @param hostOtherCpuS     CPU seconds the host used outside it meanwhile, or null
     * @param serviceCpuS       CPU seconds its filesystem's services used meanwhile, or null
     * @param signal            the signal that killed it from outside fsflow, or null
     * @param oomKills          OOM kills in its memory cgroup while it ran, or null
     * @param kernel            the CPU of the kernel threads meanwhile, or null when not measured
     * @param observed          its bytes told apart and its time series, or null when not measured
     */
    public record Around(
            Long memoryBudgetBytes,
            Double flushS,
            Double hostOtherCpuS,
            Double serviceCpuS,
            String signal,
            Long oomKills,
            Kernel kernel,
            Observed observed) {

        /** What surrounded it, without the cache, device and time-series figures. */
        public Around(
                Long memoryBudgetBytes,
                Double flushS,
                Double hostOtherCpuS,
                Double serviceCpuS,
                String signal,
                Long oomKills,
                Kernel kernel) {
            this(memoryBudgetBytes, flushS, hostOtherCpuS, serviceCpuS, signal, oomKills, kernel, null);
        }

        /** These surroundings with the kernel threads' CPU {@code k} and the observed figures {@code o}. */
        Around kernel(Kernel k, Observed o) {
            return new Around(memoryBudgetBytes, flushS, hostOtherCpuS, serviceCpuS, signal, oomKills, k, o);
        }

        /** What surrounded it, the kernel threads' CPU not measured. */
        public Around(
                Long memoryBudgetBytes,
                Double flushS,
                Double hostOtherCpuS,
                Double serviceCpuS,
                String signal,
                Long oomKills) {
            this(memoryBudgetBytes, flushS, hostOtherCpuS, serviceCpuS, signal, oomKills, null, null);
        }
    }

    /**
     * The CPU the kernel threads used while the step ran (see {@code measure/KernelCpu}).
     *
     * @param cpuS    all kernel threads', seconds
     * @param fsS     the part of the step's filesystem and devices, seconds
     * @param classes seconds per class of thread, only the classes that used CPU
     */
    public record Kernel(double cpuS, double fsS, java.util.Map<String, Double> classes) {}

    /**
     * What the host saw of the step's bytes and over its time, each null where not measured.
     *
     * @param traffic what went through the VFS, to storage, and was left dirty ({@link Traffic})
     * @param samples the time series sampled while it ran, or null for a short step
     * @param shared  the extents of the files it made, where its filesystem can share them
     */
    public record Observed(Traffic traffic, TimeSeries samples, SharedExtents shared) {

        /** These, with the extents {@code s}. */
        public Observed withShared(SharedExtents s) {
            return new Observed(traffic, samples, s);
        }
    }

    /** This outcome with the kernel threads' CPU {@code k} (it must have run). */
    public StepOutcome withKernel(Kernel k) {
        Around a = surroundings();
        return with(a.kernel(k, a.observed()));
    }

    /** This outcome with the observed figures {@code o} (it must have run). */
    public StepOutcome withObserved(Observed o) {
        Around a = surroundings();
        return with(a.kernel(a.kernel(), o));
    }

    // what surrounded it, empty where nothing was recorded
    private Around surroundings() {
        return around != null ? around : new Around(null, null, null, null, null, null);
    }

    private StepOutcome with(Around a) {
        return amended(status, exitCode, reason, figures, method, a);
    }

    /** A step not run, for {@code reason}. */
    public static StepOutcome skipped(String command, String reason, Where where) {
        return new StepOutcome(command, Status.SKIPPED, null, reason, null, null, null, null, null, List.of(), where);
    }

    /** This outcome, failed for {@code why} (its figures are kept: the process did run). */
    public StepOutcome failedBecause(String why) {
        return with(command, Status.FAILED, why, log, where);
    }

    /**
     * This outcome as the host reports what another machine observed: run as {@code shown} (the
     * command as the host shows it), at {@code place}, its output in the log files {@code logs}.
     */
    public StepOutcome reported(String shown, Where place, List<String> logs) {
        return with(shown, status, reason, logs, place);
    }

    /**
     * This outcome amended by what the place learnt after the process ended (a better clock, a
     * check that failed): these status, exit status, reason, figures, methods and surroundings.
     */
    public StepOutcome amended(Status s, Integer exit, String why, Figures f, Method m, Around a) {
        return new StepOutcome(command, s, exit, why, f, startedAt, endedAt, m, a, log, where);
    }

    /** True when the step succeeded. */
    public boolean ok() {
        return status == Status.OK;
    }

    private StepOutcome with(String shown, Status s, String why, List<String> logs, Where place) {
        return new StepOutcome(shown, s, exitCode, why, figures, startedAt, endedAt, method, around, logs, place);
    }
}
