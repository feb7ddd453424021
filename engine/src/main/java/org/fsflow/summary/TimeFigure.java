package org.fsflow.summary;

import org.fsflow.result.Metric;

/**
 * The figures summarized per dataset, as GNU time's %e %U %S %P, in report order; and, in runs
 * whose filesystems have services (zfs-fuse), the services' CPU and the total with it; in runs that
 * measured the kernel threads' CPU, the total with the filesystem's kernel work.
 */
public enum TimeFigure {
    /** Elapsed time; the one charted and checked by the method warnings. */
    REAL(Metric.REAL_S, "Elapsed (real) time, seconds", true),
    /** User time. */
    USER(Metric.USER_S, "User time, seconds", true),
    /** System time. */
    SYS(Metric.SYS_S, "System time, seconds", true),
    /** CPU share: more is neither better nor worse, so it is not ranked. */
    CPU(Metric.CPU_PCT, "CPU, percent (user + system over real)", false),
    /** The CPU of the filesystem's services during the step (only in runs that have services). */
    SERVICE(
            Metric.SERVICE_CPU_S,
            "Service CPU, seconds (the filesystem's daemons, such as zfs-fuse, during the step; not in user"
                    + " or system time)",
            true),
    /** The step's CPU with its services' (only in runs that have services). */
    CPU_WITH_SERVICES(Metric.CPU_WITH_SERVICES_S, "CPU with the services, seconds (user + system + service CPU)", true),
    /** The step's CPU with its filesystem's kernel threads' (only in runs that measured them). */
    CPU_WITH_KERNEL(
            Metric.CPU_WITH_KERNEL_S,
            "CPU with the filesystem's kernel work, seconds (user + system + service CPU + the kernel threads"
                    + " of the step's filesystem and devices: its journal, its workqueues, its loop workers)",
            true);

    private final Metric metric;
    private final String title;
    private final boolean lowerIsBetter;

    TimeFigure(Metric metric, String title, boolean lowerIsBetter) {
        this.metric = metric;
        this.title = title;
        this.lowerIsBetter = lowerIsBetter;
    }

    /** The measurement field. */
    public Metric metric() {
        return metric;
    }

    /** The title of its table. */
    public String title() {
        return title;
    }

    /** Whether the figure exists only in runs whose filesystems have services. */
    public boolean servicesOnly() {
        return this == SERVICE || this == CPU_WITH_SERVICES;
    }

    /** Whether the figure exists only in runs that measured the kernel threads' CPU. */
    public boolean kernelOnly() {
        return this == CPU_WITH_KERNEL;
    }

    /** Whether a lower mean is better, so that the row is ranked. */
    public boolean lowerIsBetter() {
        return lowerIsBetter;
    }
}
