package org.fsflow.vm;

import java.time.Instant;
import java.util.List;

/**
 * What the guest reported for one step, measured inside it: real time from the guest's nanosecond
 * clock, user and system time from its cgroup v2 cpu.stat (microseconds; see {@link GuestClock}),
 * max RSS and faults from GNU time, and the change in the guest's /proc/diskstats over all its
 * virtio disks.
 *
 * @param index        the step's position in the job
 * @param status       ok, failed, timeout or skipped (the strings of Measurement)
 * @param exitCode     the command's exit status, or null when it did not run
 * @param reason       why it failed or was skipped, or null
 * @param realSeconds  from the guest's clock around the command (microseconds), or GNU time's %e
 *                     (10 ms) where the guest's date has no nanoseconds
 * @param userSeconds  from the guest's cgroup cpu.stat (microseconds), or GNU time's %U
 * @param sysSeconds   likewise, or %S
 * @param maxRssKb     %M
 * @param minorFaults  %R
 * @param majorFaults  %F
 * @param readBytes    read from the guest's disks
 * @param writeBytes   written to them
 * @param ioBusyMs     time they were busy
 * @param stdout       the step's standard output (capped at 1 MiB)
 * @param stderr       its standard error (capped at 1 MiB)
 * @param startedAt    when the host saw the step start
 * @param endedAt      when the host saw it end
 * @param memoryBudgetBytes the guest cgroup's {@code memory.max} the command ran under, as read back,
 *                     or null for none
 * @param flushSeconds {@code flush: true}: how long the sync after the command took (inside
 *                     {@code realSeconds}), or null
 * @param devices      the guest's disks whose I/O was counted
 * @param cpuMethod    how user and system time were measured: {@link GuestClock#CPU_METHOD}, or
 *                     {@link #CPU_METHOD} (GNU time)
 * @param realClock    whether real time is from the guest's nanosecond clock (else GNU time's %e)
 */
public record GuestResult(
        int index,
        String status,
        Integer exitCode,
        String reason,
        Double realSeconds,
        Double userSeconds,
        Double sysSeconds,
        Long maxRssKb,
        Long minorFaults,
        Long majorFaults,
        Long readBytes,
        Long writeBytes,
        Long ioBusyMs,
        byte[] stdout,
        byte[] stderr,
        Instant startedAt,
        Instant endedAt,
        Long memoryBudgetBytes,
        Double flushSeconds,
        List<String> devices,
        String cpuMethod,
        boolean realClock) {

    /** A result as the guest's job reports it, with its budget, flush and disks. */
    public GuestResult(
            int index,
            String status,
            Integer exitCode,
            String reason,
            Double realSeconds,
            Double userSeconds,
            Double sysSeconds,
            Long maxRssKb,
            Long minorFaults,
            Long majorFaults,
            Long readBytes,
            Long writeBytes,
            Long ioBusyMs,
            byte[] stdout,
            byte[] stderr,
            Instant startedAt,
            Instant endedAt,
            Long memoryBudgetBytes,
            Double flushSeconds,
            List<String> devices) {
        this(
                index,
                status,
                exitCode,
                reason,
                realSeconds,
                userSeconds,
                sysSeconds,
                maxRssKb,
                minorFaults,
                majorFaults,
                readBytes,
                writeBytes,
                ioBusyMs,
                stdout,
                stderr,
                startedAt,
                endedAt,
                memoryBudgetBytes,
                flushSeconds,
                devices,
                CPU_METHOD,
                false);
    }

    /** This result with real, user and system time as measured by {@code cpuMethod} (and the guest's clock). */
    GuestResult measuredBy(Double real, Double user, Double sys, String method, boolean clock) {
        return new GuestResult(
                index,
                status,
                exitCode,
                reason,
                real,
                user,
                sys,
                maxRssKb,
                minorFaults,
                majorFaults,
                readBytes,
                writeBytes,
                ioBusyMs,
                stdout,
                stderr,
                startedAt,
                endedAt,
                memoryBudgetBytes,
                flushSeconds,
                devices,
                method,
                clock);
    }

    /** A result without budget, flush or device names. */
    public GuestResult(
            int index,
            String status,
            Integer exitCode,
            String reason,
            Double realSeconds,
            Double userSeconds,
            Double sysSeconds,
            Long maxRssKb,
            Long minorFaults,
            Long majorFaults,
            Long readBytes,
            Long writeBytes,
            Long ioBusyMs,
            byte[] stdout,
            byte[] stderr,
            Instant startedAt,
            Instant endedAt) {
        this(
                index,
                status,
                exitCode,
                reason,
                realSeconds,
                userSeconds,
                sysSeconds,
                maxRssKb,
                minorFaults,
                majorFaults,
                readBytes,
                writeBytes,
                ioBusyMs,
                stdout,
                stderr,
                startedAt,
                endedAt,
                null,
                null,
                List.of());
    }

    /** How user and system time are measured in a guest without cgroup v2: GNU time (10 ms). */
    public static final String CPU_METHOD = "guest-gnu-time";
    /** How max RSS is measured in a guest. */
    public static final String MEMORY_METHOD = "guest-gnu-time";
}
