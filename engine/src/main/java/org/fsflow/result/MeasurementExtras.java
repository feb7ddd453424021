package org.fsflow.result;

import java.util.Map;

/**
 * The fields of a {@link MeasurementBuilder} that only some rows have: the kernel threads' CPU,
 * a crash point's outcome, what the host observed of the step's bytes and over its time, and the
 * marks of a measurement disturbed from outside ({@link Disturbance}). The
 * {@link MeasurementReader} sets them one by one, everyone else through these setters.
 */
abstract class MeasurementExtras {
    Double kernelCpuS, kernelCpuFsS;
    Map<String, Double> kernelCpuClasses;
    CrashFacts crash;
    Traffic traffic;
    SharedExtents sharedExtents;
    TimeSeries samples;
    Boolean retaken, disturbed;

    /** The builder these fields belong to. */
    abstract MeasurementBuilder self();

    public MeasurementBuilder kernelCpu(Double totalS, Double fsS, Map<String, Double> classes) {
        this.kernelCpuS = totalS;
        this.kernelCpuFsS = fsS;
        this.kernelCpuClasses = classes;
        return self();
    }

    public MeasurementBuilder crash(CrashFacts value) {
        this.crash = value;
        return self();
    }

    public MeasurementBuilder observed(Traffic bytes, SharedExtents extents, TimeSeries series) {
        this.traffic = bytes;
        this.sharedExtents = extents;
        this.samples = series;
        return self();
    }

    /**
     * Marks a disturbed measurement: {@code retaken} when it is taken again and left out of the
     * statistics, else counted and marked {@code disturbed}; neither when {@code disturbedAtAll} is
     * false. Only true marks are stored, so that rows without them read as before.
     */
    public MeasurementBuilder disturbance(boolean disturbedAtAll, boolean retakenNow) {
        this.retaken = disturbedAtAll && retakenNow ? Boolean.TRUE : null;
        this.disturbed = disturbedAtAll && !retakenNow ? Boolean.TRUE : null;
        return self();
    }
}
