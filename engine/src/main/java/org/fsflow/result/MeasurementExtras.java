package org.fsflow.result;

import java.util.Map;

/**
 * The fields of a {@link MeasurementBuilder} that only some rows have: the kernel threads' CPU,
 * a crash point's outcome, and what the host observed of the step's bytes and over its time. The
 * {@link MeasurementReader} sets them one by one, everyone else through these setters.
 */
abstract class MeasurementExtras {
    Double kernelCpuS, kernelCpuFsS;
    Map<String, Double> kernelCpuClasses;
    CrashFacts crash;
    Traffic traffic;
    SharedExtents sharedExtents;
    TimeSeries samples;

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
}
