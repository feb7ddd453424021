package org.fsflow.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Shrinks a scenario by {@code --scale}, per place: the scenario at the host's scale (whose
 * devices are set up on the host), and beside it the scenario at the scale of each kernel that
 * runs at another, for that kernel's cells ({@link Scaling}). Datasets shrink by the factor
 * ({@link Dataset#scaled}), loop and tmpfs devices too (down to 1 GiB), parameters declared with
 * {@code scale: true} too ({@link Scenario.Param#scaled}), the memory budget by the factor the
 * datasets' bytes shrank by. The {@code source} device holds the datasets of every scale, so it is
 * sized for the largest.
 */
final class ScenarioScaler {

    private ScenarioScaler() {}

    /** {@code s} (as written) at {@code scales}. */
    static Scenario scale(Scenario written, Scales scales) {
        Map<String, Double> controls = ScaleControls.needed(written, scales);
        Scenario s = ScaleControls.add(written, controls);
        double host = scales.host();
        double largest = host;
        Map<String, Double> others = new LinkedHashMap<>();
        for (KernelSpec k : s.kernels().values()) {
            double f = scales.of(k);
            largest = Math.max(largest, f);
            if (f != host) {
                others.put(k.name(), f);
            }
        }
        Map<String, Scenario> variants = new LinkedHashMap<>();
        Map<Double, Scenario> byScale = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : others.entrySet()) {
            variants.put(
                    e.getKey(),
                    byScale.computeIfAbsent(
                            e.getValue(), f -> scaled(s, f, f).with(new Scaling(scales, f, Map.of(), Map.of()))));
        }
        return scaled(s, host, largest).with(new Scaling(scales, host, variants, controls));
    }

    private static Device scaled(Device d, double factor) {
        if (factor >= 1.0) {
            return d;
        }
        if (d instanceof Device.Loop l && l.sizeBytes() > Defaults.MIN_SCALED_DEVICE_BYTES) {
            long size = Math.max(Defaults.MIN_SCALED_DEVICE_BYTES, Math.round(l.sizeBytes() * factor));
            return new Device.Loop(
                    l.name(), size, l.image(), l.destroy(), l.directIo(), l.mountPoint(), l.filesystem(), l.where());
        }
        if (d instanceof Device.Tmpfs t && t.sizeBytes() > Defaults.MIN_SCALED_DEVICE_BYTES) {
            long size = Math.max(Defaults.MIN_SCALED_DEVICE_BYTES, Math.round(t.sizeBytes() * factor));
            return new Device.Tmpfs(t.name(), size, t.mountPoint(), t.where());
        }
        return d;
    }

    /**
     * The factor the datasets' bytes shrank by: a memory budget shrinks by as much, so the data
     * fills the scaled machine's RAM as the source's data filled its RAM. Without datasets, a
     * campaign that sizes its data with parameters that scale (bonnie++'s {@code -s}, {@code
     * size: { value: 2048, scale: true }}) shrinks its budget by the scale, so the file keeps its
     * ratio to the RAM; other campaigns without datasets keep theirs (1).
     */
    static double dataFactor(Scenario s, Map<String, Dataset> scaled, double factor) {
        double before = 0;
        double after = 0;
        for (Map.Entry<String, Dataset> e : s.datasets().entrySet()) {
            before += e.getValue().expectedBytes();
            after += scaled.get(e.getKey()).expectedBytes();
        }
        if (before > 0) {
            return after / before;
        }
        return s.params().values().stream().anyMatch(Scenario.Param::scale) ? factor : 1.0;
    }

    /** Datasets and devices shrink by {@code factor}, the source device by {@code sourceFactor}. */
    private static Scenario scaled(Scenario s, double factor, double sourceFactor) {
        if (factor >= 1.0 && sourceFactor >= 1.0) {
            return s;
        }
        Map<String, Dataset> datasets = new LinkedHashMap<>();
        s.datasets().forEach((name, d) -> datasets.put(name, factor >= 1.0 ? d : d.scaled(factor)));
        Map<String, Scenario.Param> params = new LinkedHashMap<>();
        s.params().forEach((name, p) -> params.put(name, p.scaled(factor)));
        Map<String, Device> devices = new LinkedHashMap<>();
        s.devices()
                .forEach((name, d) ->
                        devices.put(name, scaled(d, name.equals(Scenario.SOURCE) ? sourceFactor : factor)));
        return new Scenario(
                s.source(),
                s.version(),
                s.name(),
                s.title(),
                s.origin(),
                s.sourceSection(),
                s.description(),
                java.util.Collections.unmodifiableMap(params),
                devices,
                s.filesystems(),
                datasets,
                s.matrix(),
                s.repeat(),
                s.order(),
                s.seed(),
                s.onError(),
                s.timeout(),
                s.steps(),
                factor >= 1.0 ? s.memory() : s.memory().scaledBy(dataFactor(s, datasets, factor)),
                s.warmup(),
                s.provenance(),
                s.kernels(),
                s.scaling(),
                s.crash(),
                s.aging(),
                s.vm(),
                s.baseline(),
                s.quiet());
    }
}
