package org.fsflow.vm;

import java.time.Instant;
import java.util.List;

/**
 * What the guest reported for one step, measured inside it: GNU time's figures from the guest's
 * clock and the change in the guest's /proc/diskstats over all its virtio disks.
 *
 * @param index        the step's position in the job
 * @param status       ok, failed, timeout or skipped (the strings of Measurement)
 * @param exitCode     the command's exit status, or null when it did not run
 * @param reason       why it failed or was skipped, or null
 * @param realSeconds  %e (10 ms resolution)
 * @param userSeconds  %U
 * @param sysSeconds   %S
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
        List<String> devices) {

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

    /** How user and system time are measured in a guest. */
    public static final String CPU_METHOD = "guest-gnu-time";
    /** How max RSS is measured in a guest. */
    public static final String MEMORY_METHOD = "guest-gnu-time";
}
