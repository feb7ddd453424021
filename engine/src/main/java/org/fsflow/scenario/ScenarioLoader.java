package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Loads a scenario file: read safely, apply overrides, check shapes, scale datasets, check cross
 * references. Either returns a valid {@link Scenario} with its warnings, or throws a
 * {@link ScenarioException} holding every problem found.
 */
public final class ScenarioLoader {

    private ScenarioLoader() {}

    /**
     * A valid scenario (with its {@link Provenance}) and the warnings about its method.
     *
     * @param scenario the scenario, ready to plan
     * @param warnings what weakens its method, to print before anything runs
     */
    public record Loaded(Scenario scenario, java.util.List<Diagnostic> warnings) {}

    /** Loads {@code file} (shown in messages as given) with {@code overrides}. */
    public static Loaded load(Path file, Overrides overrides) throws ScenarioException, Overrides.Invalid {
        Problems problems = new Problems();
        SourceText source = YamlLoader.read(file, file.toString(), problems);
        if (source == null) {
            throw new ScenarioException(null, problems.all());
        }
        return load(source, overrides, problems);
    }

    /** Loads a scenario from text already read. */
    public static Loaded load(SourceText source, Overrides overrides) throws ScenarioException, Overrides.Invalid {
        return load(source, overrides, new Problems());
    }

    private static Loaded load(SourceText source, Overrides overrides, Problems problems)
            throws ScenarioException, Overrides.Invalid {
        Node root = YamlLoader.parse(source, problems);
        if (root == null || problems.hasErrors()) {
            throw new ScenarioException(source, problems.all());
        }
        overrides.apply(root);
        String effective = overrides.sets().isEmpty() ? source.text() : serialize(root);
        Scenario scenario = new ScenarioReader(source, problems).read(root);
        // layer 2 (references, variables, capacity) runs only on a scenario whose every field was
        // read: on a half-read one it would report noise, such as a reference to an entry whose
        // own error dropped it
        if (scenario == null || problems.hasErrors()) {
            throw new ScenarioException(source, problems.all());
        }
        scenario = scaled(scenario, overrides.scale());
        new ScenarioValidator(scenario, problems).validate();
        if (problems.hasErrors()) {
            throw new ScenarioException(source, problems.all());
        }
        Provenance provenance =
                new Provenance(source.path(), source.sha256(), overrides.sets(), overrides.scale(), effective);
        return new Loaded(scenario.with(provenance), problems.all());
    }

    private static String serialize(Node root) {
        java.io.StringWriter out = new java.io.StringWriter();
        org.yaml.snakeyaml.DumperOptions options = new org.yaml.snakeyaml.DumperOptions();
        options.setDefaultFlowStyle(org.yaml.snakeyaml.DumperOptions.FlowStyle.BLOCK);
        new org.yaml.snakeyaml.Yaml(options).serialize(root, out);
        return out.toString();
    }

    private static Device scaled(Device d, double factor) {
        if (d instanceof Device.Loop l && l.sizeBytes() > Defaults.MIN_SCALED_DEVICE_BYTES) {
            long size = Math.max(Defaults.MIN_SCALED_DEVICE_BYTES, Math.round(l.sizeBytes() * factor));
            return new Device.Loop(l.name(), size, l.image(), l.directIo(), l.mountPoint(), l.filesystem(), l.where());
        }
        if (d instanceof Device.Tmpfs t && t.sizeBytes() > Defaults.MIN_SCALED_DEVICE_BYTES) {
            long size = Math.max(Defaults.MIN_SCALED_DEVICE_BYTES, Math.round(t.sizeBytes() * factor));
            return new Device.Tmpfs(t.name(), size, t.mountPoint(), t.where());
        }
        return d;
    }

    /**
     * The factor the datasets' bytes shrank by: a memory budget shrinks by as much, so the data
     * fills the scaled machine's RAM as the source's data filled its RAM. 1 without datasets (a
     * bonnie++ campaign sizes its file with its own parameters).
     */
    static double dataFactor(Scenario s, Map<String, Dataset> scaled) {
        double before = 0;
        double after = 0;
        for (Map.Entry<String, Dataset> e : s.datasets().entrySet()) {
            before += e.getValue().expectedBytes();
            after += scaled.get(e.getKey()).expectedBytes();
        }
        return before > 0 ? after / before : 1.0;
    }

    /** Datasets shrink by {@code factor}; loop and tmpfs devices too, down to 1 GiB. */
    private static Scenario scaled(Scenario s, double factor) {
        if (factor >= 1.0) {
            return s;
        }
        Map<String, Dataset> datasets = new LinkedHashMap<>();
        s.datasets().forEach((name, d) -> datasets.put(name, d.scaled(factor)));
        Map<String, Device> devices = new LinkedHashMap<>();
        s.devices().forEach((name, d) -> devices.put(name, scaled(d, factor)));
        return new Scenario(
                s.source(),
                s.version(),
                s.name(),
                s.title(),
                s.origin(),
                s.sourceSection(),
                s.description(),
                s.params(),
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
                s.memory().scaledBy(dataFactor(s, datasets)),
                s.warmup(),
                s.provenance(),
                s.kernels());
    }
}
