package org.fsflow.result;

/**
 * One figure of a measurement, named as in {@code results.jsonl}: a contract field ({@code real_s},
 * {@code user_s}, {@code sys_s}, {@code cpu_pct}, {@code read_bytes}, {@code write_bytes}) or a
 * key of its {@code metrics} (a tool's own figure, such as bonnie++'s {@code put_block_kib_s}).
 *
 * @param key the field or metrics key
 */
public record Metric(String key) {

    /** Elapsed (real) time, seconds: GNU time's %e. */
    public static final Metric REAL_S = new Metric("real_s");
    /** User time, seconds: %U. */
    public static final Metric USER_S = new Metric("user_s");
    /** System time, seconds: %S. */
    public static final Metric SYS_S = new Metric("sys_s");
    /** CPU, percent: %P. */
    public static final Metric CPU_PCT = new Metric("cpu_pct");
    /** CPU seconds the filesystem's services (zfs-fuse ...) used during the step. */
    public static final Metric SERVICE_CPU_S = new Metric("service_cpu_s");
    /**
     * CPU seconds of the step and of its filesystem's services together ({@code user_s + sys_s +
     * service_cpu_s}, the last 0 where there is none): what the filesystem cost in CPU.
     */
    public static final Metric CPU_WITH_SERVICES_S = new Metric("cpu_with_services_s");
    /**
     * The step's CPU with its filesystem's services as a share of its real time, percent: {@code 100
     * * cpu_with_services_s / real_s}, the like of a tool's own %CPU with the daemons it drives
     * counted (zfs-fuse does a FUSE filesystem's work in its own process).
     */
    public static final Metric CPU_WITH_SERVICES_PCT = new Metric("cpu_with_services_pct");
    /**
     * CPU seconds of the step with its filesystem's kernel work: {@code user_s + sys_s +
     * service_cpu_s + kernel_cpu_fs_s} (a missing service or kernel figure counts 0); null for a row
     * whose kernel threads were not measured.
     */
    public static final Metric CPU_WITH_KERNEL_S = new Metric("cpu_with_kernel_s");
    /** Bytes read from the devices under test. */
    public static final Metric READ_BYTES = new Metric("read_bytes");
    /** Bytes written to them. */
    public static final Metric WRITE_BYTES = new Metric("write_bytes");

    /** This figure of {@code m}, or null when it has none (not measured, not a number). */
    public Double of(Measurement m) {
        return switch (key) {
            case "real_s" -> m.realS();
            case "user_s" -> m.userS();
            case "sys_s" -> m.sysS();
            case "cpu_pct" -> m.cpuPct() == null ? null : m.cpuPct().doubleValue();
            case "service_cpu_s" -> m.serviceCpuS();
            case "cpu_with_services_s" ->
                m.userS() == null || m.sysS() == null
                        ? null
                        : m.userS() + m.sysS() + (m.serviceCpuS() == null ? 0 : m.serviceCpuS());
            case "cpu_with_services_pct" -> {
                Double cpu = CPU_WITH_SERVICES_S.of(m);
                yield cpu == null || m.realS() == null || m.realS() <= 0 ? null : 100 * cpu / m.realS();
            }
            case "cpu_with_kernel_s" -> {
                Double own = CPU_WITH_SERVICES_S.of(m);
                yield own == null || m.kernelCpuFsS() == null ? null : own + m.kernelCpuFsS();
            }
            case "read_bytes" -> m.readBytes() == null ? null : m.readBytes().doubleValue();
            case "write_bytes" -> m.writeBytes() == null ? null : m.writeBytes().doubleValue();
            default -> {
                Object v = m.metrics() == null ? null : m.metrics().get(key);
                yield v instanceof Number n ? n.doubleValue() : null;
            }
        };
    }
}
