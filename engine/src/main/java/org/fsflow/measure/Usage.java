package org.fsflow.measure;

/**
 * What one measured process used, in the units of GNU time's format specifiers.
 *
 * @param realSeconds   %e, from the monotonic clock
 * @param userSeconds   %U
 * @param systemSeconds %S
 * @param maxRssKb      %M (sampled)
 * @param minorFaults   %R
 * @param majorFaults   %F
 * @param readBytes     read from the devices under test (/proc/diskstats)
 * @param writeBytes    written to the devices under test
 * @param ioBusyMillis  time the devices under test were busy
 */
public record Usage(
        double realSeconds,
        double userSeconds,
        double systemSeconds,
        long maxRssKb,
        long minorFaults,
        long majorFaults,
        long readBytes,
        long writeBytes,
        long ioBusyMillis) {

    /** How CPU time is measured: the change in the JVM's cutime/cstime. */
    public static final String CPU_METHOD = "proc-self-cutime";
    /** How memory is measured: VmHWM of the process tree, sampled. */
    public static final String MEMORY_METHOD = "sampled-vmhwm";

    /** GNU time's %P: CPU time over elapsed time, in percent, truncated. */
    public long cpuPercent() {
        long realMs = (long) (realSeconds * 1000);
        long cpuMs = Math.round((userSeconds + systemSeconds) * 1000);
        return realMs == 0 ? 0 : cpuMs * 100 / realMs;
    }
}
