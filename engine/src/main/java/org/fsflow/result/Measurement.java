package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One line of {@code results.jsonl}: one measured node. The field names are a contract
 * (design.md section 5); snake_case in JSON, SI units. Numbers are null when the step did not
 * run (skipped) or could not be measured.
 *
 * @param node         stable plan node id, e.g. {@code test3/xfs/r2/copy-in}
 * @param step         the step name
 * @param dataset      the cell's dataset, or null
 * @param filesystem   the cell's filesystem, or null
 * @param repeat       the 1-based repetition
 * @param cell         every coordinate of the cell (axis to value)
 * @param command      the exact command as run, like GNU time's %C
 * @param status       ok, failed, timeout or skipped (the lower-case {@link Status} names)
 * @param exitCode     the process exit status, or null
 * @param reason       why it failed or was skipped (stderr tail, missing tool ...), or null
 * @param realS        %e, elapsed seconds (monotonic clock)
 * @param userS        %U
 * @param sysS         %S
 * @param cpuPct       %P
 * @param maxRssKb     %M, sampled
 * @param minorFaults  %R
 * @param majorFaults  %F
 * @param readBytes    bytes read from the devices under test
 * @param writeBytes   bytes written to them
 * @param ioBusyMs     milliseconds they were busy
 * @param startedAt    ISO-8601 UTC
 * @param endedAt      ISO-8601 UTC
 * @param metrics      figures parsed from the tool's output (bonnie++, fio, dd), numbers or null
 * @param devices      the block devices whose I/O was counted
 * @param mkfsOptions  the filesystem's mkfs options in this cell
 * @param mountOptions the filesystem's mount options in this cell
 * @param cpuMethod    how user/sys were measured
 * @param memoryMethod how max RSS was measured
 * @param log          stdout/stderr log paths, relative to the output directory
 * @param host         where the cell ran: the host name (of the machine, or of the VM guest); null in
 *                     journals written before it was recorded, and in imported results
 * @param kernel       the kernel release there ({@code uname -r}); null likewise
 * @param virt         how that kernel ran: {@code host} (on the machine itself), {@code kvm} or
 *                     {@code tcg} (a QEMU guest, hardware-assisted or emulated), {@code uml} (a
 *                     user-mode Linux guest); null likewise
 * @param memoryBudgetBytes the memory budget the step ran under (the cgroup's limit: the RAM of the
 *                     machine under test), or null for none (the host's whole RAM)
 * @param flushS       {@code flush: true}: seconds the sync of the step's filesystem took after the
 *                     command exited, inside {@code real_s}; null for steps without flush
 * @param hostOtherCpuS CPU seconds the host used outside the step during it (/proc/stat minus the
 *                     step's own CPU): noise; null when unknown
 * @param warmup       a warm-up repetition ({@code warmup:}): run and recorded, left out of the statistics
 * @param signal       the signal that killed the step's process when fsflow did not send it
 *                     ({@code SIGKILL}, {@code SIGTERM} or {@code SIGINT}; the status is then
 *                     {@code failed}, the reason "killed by SIGKILL from outside fsflow" or, with
 *                     {@code oom_kills} above 0, "out of memory: ..."), or null. A step killed
 *                     from outside is recorded only when fsflow outlived the kill by 2 s: killed
 *                     together with fsflow, it is not recorded and {@code resume} runs it again
 * @param oomKills     processes the kernel's OOM killer killed in the step's memory cgroup while
 *                     it ran (its {@code memory.events} or {@code memory.oom_control}
 *                     {@code oom_kill} count); above 0, the step went over its memory budget and
 *                     failed "out of memory: the step used more than its budget of N MiB"; null
 *                     for a step without budget
 * @param serviceCpuS  CPU seconds (user + system) the filesystem's lifecycle services used during the
 *                     step: the daemons fsflow started for it (zfs-fuse, any {@code service: start:}),
 *                     which run in their own cgroup v2 group; the change of its cpu.stat
 *                     {@code usage_usec} over the step. Not part of {@code user_s}/{@code sys_s}
 *                     (the step's own process tree). Null for cells whose filesystem has no service,
 *                     one fsflow found already running (not in its group), or where no cgroup v2
 *                     hierarchy is writable
 * @param scale        the {@code --scale} this row's cell ran at: the scale of its place (host or
 *                     guest: {@code --scale 1 --scale guest=0.05} runs host cells at 1 and guest
 *                     cells at 0.05), which sized its datasets, devices and memory budget. Null in
 *                     rows written before it was recorded, and in imported results: then the run's
 *                     one scale ({@code run.json}'s {@code scale}) holds for every row
 * @param kernelCpuS   CPU seconds (utime + stime) every kernel thread of the host used during the
 *                     step, from {@code /proc/PID/stat} of each before and after it (10 ms ticks;
 *                     a thread that ended during the step counts nothing); part of
 *                     {@code host_other_cpu_s}, not of {@code user_s}/{@code sys_s}. Null where not
 *                     measured (rows written before it was, imported rows)
 * @param kernelCpuFsS the part of {@code kernel_cpu_s} attributed to the step's filesystem and
 *                     devices: its filesystem's own threads (jbd2 and ext4's workqueues, xfsaild
 *                     and xfs's, btrfs's, zfs's) that name none of the host's other devices, and the
 *                     loop workers of its devices. Generic workqueue workers and writeback are not
 *                     attributed: they serve every device of the host. Null likewise
 * @param kernelCpuClasses {@code kernel_cpu_s} per class of thread ({@code writeback}, {@code ext4},
 *                     {@code xfs}, {@code btrfs}, {@code zfs}, {@code loop}, {@code reclaim},
 *                     {@code other}; see {@code measure/KernelThreadClass}), seconds, only the
 *                     classes that used CPU, in that order. Null likewise
 * @param crash        a crash point's outcome ({@link CrashFacts}: its class, recovery times, files
 *                     lost), in the rows of crash cells ({@code crash:}); absent from every other row
 * @param guestRepetition the repetition inside the guest a row of a guest's batch came from, or null
 * @param traffic      the step's bytes told apart ({@link Traffic}): through the VFS, to storage,
 *                     left dirty; absent where not measured (guests, imported and older rows)
 * @param sharedExtents the extents of the files the step made ({@link SharedExtents}), on a
 *                     filesystem that can share extents (xfs, btrfs, bcachefs); absent elsewhere
 * @param samples      the step's time series ({@link TimeSeries}), for a step of at least five
 *                     seconds on the host; absent otherwise
 * @param retaken      true when other processes disturbed the step ({@link Disturbance}) and its cell
 *                     ran another repetition in its place ({@code quiet: retake}): not counted; absent otherwise
 * @param disturbed    true when the step was disturbed so but its cell had no retake left: counted;
 *                     absent otherwise (and in runs without {@code quiet: retake})
 */
@JsonPropertyOrder({
    "node",
    "step",
    "dataset",
    "filesystem",
    "repeat",
    "cell",
    "command",
    "status",
    "exit_code",
    "reason",
    "real_s",
    "user_s",
    "sys_s",
    "cpu_pct",
    "max_rss_kb",
    "minor_faults",
    "major_faults",
    "read_bytes",
    "write_bytes",
    "io_busy_ms",
    "started_at",
    "ended_at",
    "metrics",
    "devices",
    "mkfs_options",
    "mount_options",
    "cpu_method",
    "memory_method",
    "log",
    "host",
    "kernel",
    "virt",
    "memory_budget_bytes",
    "flush_s",
    "host_other_cpu_s",
    "warmup",
    "signal",
    "oom_kills",
    "service_cpu_s",
    "scale",
    "kernel_cpu_s",
    "kernel_cpu_fs_s",
    "kernel_cpu_classes",
    "crash",
    "guest_repetition",
    "traffic",
    "shared_extents",
    "samples",
    "retaken",
    "disturbed"
})
public record Measurement(
        String node,
        String step,
        String dataset,
        String filesystem,
        int repeat,
        Map<String, String> cell,
        String command,
        Status status,
        Integer exitCode,
        String reason,
        Double realS,
        Double userS,
        Double sysS,
        Long cpuPct,
        Long maxRssKb,
        Long minorFaults,
        Long majorFaults,
        Long readBytes,
        Long writeBytes,
        Long ioBusyMs,
        String startedAt,
        String endedAt,
        Map<String, Object> metrics,
        List<String> devices,
        List<String> mkfsOptions,
        List<String> mountOptions,
        String cpuMethod,
        String memoryMethod,
        List<String> log,
        String host,
        String kernel,
        String virt,
        Long memoryBudgetBytes,
        Double flushS,
        Double hostOtherCpuS,
        boolean warmup,
        String signal,
        Long oomKills,
        Double serviceCpuS,
        Double scale,
        Double kernelCpuS,
        Double kernelCpuFsS,
        Map<String, Double> kernelCpuClasses,
        @JsonInclude(JsonInclude.Include.NON_NULL) CrashFacts crash,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer guestRepetition,
        @JsonInclude(JsonInclude.Include.NON_NULL) Traffic traffic,
        @JsonInclude(JsonInclude.Include.NON_NULL) SharedExtents sharedExtents,
        @JsonInclude(JsonInclude.Include.NON_NULL) TimeSeries samples,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean retaken,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean disturbed) {

    /** A builder of the measurement of node {@code node}, step {@code step}; collections default to empty. */
    public static MeasurementBuilder builder(String node, String step) {
        return new MeasurementBuilder().node(node).step(step);
    }

    /** A builder holding every field of this measurement. */
    public MeasurementBuilder toBuilder() {
        return new MeasurementBuilder()
                .node(node)
                .step(step)
                .dataset(dataset)
                .filesystem(filesystem)
                .repeat(repeat)
                .cell(cell)
                .command(command)
                .status(status)
                .exitCode(exitCode)
                .reason(reason)
                .realS(realS)
                .userS(userS)
                .sysS(sysS)
                .cpuPct(cpuPct)
                .maxRssKb(maxRssKb)
                .minorFaults(minorFaults)
                .majorFaults(majorFaults)
                .readBytes(readBytes)
                .writeBytes(writeBytes)
                .ioBusyMs(ioBusyMs)
                .startedAt(startedAt)
                .endedAt(endedAt)
                .metrics(metrics)
                .devices(devices)
                .mkfsOptions(mkfsOptions)
                .mountOptions(mountOptions)
                .cpuMethod(cpuMethod)
                .memoryMethod(memoryMethod)
                .log(log)
                .host(host)
                .kernel(kernel)
                .virt(virt)
                .memoryBudgetBytes(memoryBudgetBytes)
                .flushS(flushS)
                .hostOtherCpuS(hostOtherCpuS)
                .warmup(warmup)
                .signal(signal)
                .oomKills(oomKills)
                .serviceCpuS(serviceCpuS)
                .scale(scale)
                .kernelCpu(kernelCpuS, kernelCpuFsS, kernelCpuClasses)
                .crash(crash)
                .guestRepetition(guestRepetition)
                .observed(traffic, sharedExtents, samples)
                .disturbance(takenAgain() || Boolean.TRUE.equals(disturbed), takenAgain());
    }

    /** This measurement with {@code figures} as its metrics. */
    public Measurement withMetrics(Map<String, Object> figures) {
        return toBuilder().metrics(figures).build();
    }

    /** This measurement, failed for {@code why} (its figures are kept: the process did run). */
    public Measurement failedBecause(String why) {
        return toBuilder().status(Status.FAILED).reason(why).build();
    }

    /** True when the step succeeded. */
    public boolean ok() {
        return status == Status.OK;
    }

    /** True for rows that count in statistics: successful, not a warm-up repetition, not taken again. */
    public boolean counted() {
        return ok() && !warmup && !takenAgain();
    }

    /** True when this measurement was disturbed and taken again ({@code retaken}). */
    public boolean takenAgain() {
        return Boolean.TRUE.equals(retaken);
    }
}
