package org.fsflow.result;

/**
 * The one rule by which a measurement was disturbed from outside the campaign: other processes
 * used, on average, more than half a CPU during the step. {@code host_other_cpu_s} counts the CPU of
 * every process outside the step; the filesystem's own services ({@code service_cpu_s}) and kernel
 * threads ({@code kernel_cpu_fs_s}) are part of the step's work and are taken out of it, and so are
 * the host's generic kernel workers ({@code kernel_cpu_s} less {@code kernel_cpu_fs_s}), which serve
 * every device, the step's own among them. The report's busy-host warning and the retakes of
 * {@code quiet: retake} both judge by it.
 */
public final class Disturbance {

    /** CPUs the rest of the host may use, on average, before a measurement is disturbed. */
    public static final double BUSY_CPUS = 0.5;

    /** /proc/stat counts 10 ms ticks: below this much other CPU time, a short step is not judged. */
    public static final double RESOLUTION_S = 0.05;

    private Disturbance() {}

    /** True when the rest of the host used more than {@link #BUSY_CPUS} beside {@code m}, by its raw share. */
    public static boolean busy(double hostOtherCpuS, double realS) {
        return realS > 0 && hostOtherCpuS >= RESOLUTION_S && hostOtherCpuS / realS > BUSY_CPUS;
    }

    /**
     * True when, of that share, other processes and not the generic kernel workers used more than
     * {@link #BUSY_CPUS}: {@code m}'s {@code host_other_cpu_s} and {@code real_s} are set.
     */
    public static boolean byProcesses(Measurement m) {
        double others = m.hostOtherCpuS()
                - (m.serviceCpuS() == null ? 0 : m.serviceCpuS())
                - (m.kernelCpuFsS() == null ? 0 : m.kernelCpuFsS());
        double generic =
                m.kernelCpuS() == null ? 0 : m.kernelCpuS() - (m.kernelCpuFsS() == null ? 0 : m.kernelCpuFsS());
        return (others - Math.max(0, generic)) / m.realS() > BUSY_CPUS;
    }

    /** True when {@code m} was measured, and other processes used more than half a CPU beside it. */
    public static boolean disturbed(Measurement m) {
        return m.hostOtherCpuS() != null && m.realS() != null && busy(m.hostOtherCpuS(), m.realS()) && byProcesses(m);
    }
}
