package org.fsflow.scenario;

import java.util.Map;

/**
 * The scale a loaded scenario is at, and the same scenario at the scale of each place that runs
 * at another ({@code --scale guest=0.05}): its datasets, loop and tmpfs devices and memory budget
 * shrunk for that place's cells.
 *
 * @param scales   the run's scales, per place
 * @param scale    the scale of this scenario's datasets, devices and budget
 * @param variants kernel name to the scenario at that kernel's scale, for the kernels whose scale
 *                 is not {@code scale}; empty in a variant itself
 * @param controls the host's control filesystems at a guest's scale ({@link ScaleControls}), each
 *                 to its scale: {@code ext3@0.05} to 0.05; empty in a variant itself
 */
public record Scaling(Scales scales, double scale, Map<String, Scenario> variants, Map<String, Double> controls) {

    /** A scenario as written: every place at full size. */
    public static final Scaling NONE = new Scaling(Scales.FULL, Defaults.SCALE, Map.of(), Map.of());

    /** Copies {@code variants} and {@code controls}. */
    public Scaling {
        variants = Map.copyOf(variants);
        controls = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(controls));
    }

    /**
     * True when datasets at this scale have a directory of their own: a scale other than the
     * host's, whose datasets keep the plain directory.
     */
    public boolean ownDatasets() {
        return scale != scales.host();
    }
}
