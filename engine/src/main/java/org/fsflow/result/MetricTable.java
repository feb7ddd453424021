package org.fsflow.result;

import java.util.List;

/**
 * The one table of every metric fsflow records or parses: its unit and which way is better. A
 * name is matched exactly first, then by its last dotted segment's suffix (fio prefixes job and
 * direction, bonnie++ prefixes the test), so {@code seqwrite.write.bw_bytes} is a bandwidth.
 * Comparisons read the direction from here; a metric not in the table has no direction and is
 * shown as changed, never as better or worse.
 */
public final class MetricTable {

    /** Which way a metric improves. */
    public enum Direction {
        /** Smaller values are better (times, latencies, resources used). */
        LOWER_IS_BETTER,
        /** Larger values are better (throughput, rates, space available). */
        HIGHER_IS_BETTER,
        /** Neither: a count of work done or a setting, shown but never judged. */
        NONE
    }

    /**
     * One row of the table.
     *
     * @param pattern   the metric name, or {@code *suffix} for any name ending with it
     * @param unit      the unit as shown in reports
     * @param direction which way is better
     * @param meaning   one line for the report's legend
     */
    public record Metric(String pattern, String unit, Direction direction, String meaning) {

        boolean matches(String name) {
            return pattern.startsWith("*") ? name.endsWith(pattern.substring(1)) : name.equals(pattern);
        }
    }

    private static final Direction LOW = Direction.LOWER_IS_BETTER;
    private static final Direction HIGH = Direction.HIGHER_IS_BETTER;
    private static final Direction NONE = Direction.NONE;

    /** Every metric, exact names first; the first match wins. */
    public static final List<Metric> METRICS = List.of(
            new Metric("real_s", "s", LOW, "elapsed time (GNU time %e)"),
            new Metric("user_s", "s", LOW, "user CPU time (%U)"),
            new Metric("sys_s", "s", LOW, "system CPU time (%S)"),
            new Metric("cpu_pct", "%", NONE, "CPU share of the elapsed time (%P): neither better nor worse"),
            new Metric("max_rss_kb", "KiB", LOW, "largest resident set of the process tree, sampled (%M)"),
            new Metric("minor_faults", "faults", LOW, "minor page faults (%R)"),
            new Metric("major_faults", "faults", LOW, "major page faults (%F)"),
            new Metric("read_bytes", "B", LOW, "bytes read from the devices under test"),
            new Metric("write_bytes", "B", LOW, "bytes written to the devices under test"),
            new Metric("io_busy_ms", "ms", LOW, "time the devices under test were busy"),
            new Metric("dd_bytes", "B", NONE, "bytes dd copied (the work asked for)"),
            new Metric("dd_seconds", "s", LOW, "dd's own elapsed time"),
            new Metric("dd_bytes_per_s", "B/s", HIGH, "dd's rate"),
            new Metric("device_bytes", "B", NONE, "size of the device (capacity)"),
            new Metric("filesystem_bytes", "B", HIGH, "size of the filesystem after mkfs (capacity)"),
            new Metric("free_bytes", "B", HIGH, "free space after mkfs (capacity)"),
            new Metric("available_bytes", "B", HIGH, "space available to users after mkfs (capacity)"),
            new Metric("usable_pct", "%", HIGH, "available space over device size (capacity)"),
            new Metric("inodes", "inodes", HIGH, "inodes after mkfs (capacity)"),
            new Metric("inodes_free", "inodes", HIGH, "free inodes after mkfs (capacity)"),
            new Metric("num_files", "files", NONE, "bonnie++ -n file count (a setting)"),
            new Metric("concurrency", "jobs", NONE, "bonnie++ concurrency (a setting)"),
            new Metric("*_kib_s", "KiB/s", HIGH, "bonnie++ block and character rates"),
            new Metric("*_cpu_pct", "%", LOW, "bonnie++ CPU use of a test"),
            new Metric("*_latency_us", "µs", LOW, "bonnie++ latency of a test"),
            new Metric("*_per_s", "1/s", HIGH, "bonnie++ seeks and file operations per second"),
            new Metric("*bw_bytes", "B/s", HIGH, "fio bandwidth of a job and direction, or of all jobs"),
            new Metric("*iops", "IO/s", HIGH, "fio I/O operations per second"),
            new Metric("*io_bytes", "B", NONE, "fio bytes transferred (the work asked for)"),
            new Metric(
                    "*_ios_pct", "%", NONE, "fio share of a job's I/Os whose latency fell in a decade (its histogram)"),
            new Metric("*_ns", "ns", LOW, "fio completion latency (mean, percentiles)"));

    private MetricTable() {}

    /** The row of metric {@code name}, or one without unit nor direction when the table does not know it. */
    public static Metric of(String name) {
        for (Metric m : METRICS) {
            if (m.matches(name)) {
                return m;
            }
        }
        return new Metric(name, "", NONE, "not in fsflow's metric table: shown, never judged");
    }
}
