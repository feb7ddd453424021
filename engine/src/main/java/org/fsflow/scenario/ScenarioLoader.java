package org.fsflow.scenario;

import java.nio.file.Path;
import org.fsflow.lang.Diagnostic;
import org.fsflow.lang.Problems;
import org.fsflow.lang.ScenarioException;
import org.fsflow.lang.SourceText;
import org.fsflow.lang.YamlLoader;
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
        // on a half-read scenario, layer 2 (references, variables) still runs, so every problem shows in
        // one pass; what it says about an entry whose own error dropped it is left out (PartialValidation)
        if (scenario == null || problems.hasErrors()) {
            if (scenario != null) {
                PartialValidation.addTo(problems, scenario, root);
            }
            throw new ScenarioException(source, problems.all());
        }
        Provenance provenance =
                new Provenance(source.path(), source.sha256(), overrides.sets(), overrides.scales(), effective);
        scenario = ScenarioScaler.scale(scenario.with(provenance), places(scenario, overrides.scales()));
        new ScenarioValidator(scenario, problems).validate();
        for (Scenario variant :
                new java.util.LinkedHashSet<>(scenario.scaling().variants().values())) {
            new ScenarioValidator(variant, problems).validate();
        }
        if (problems.hasErrors()) {
            throw new ScenarioException(source, problems.all());
        }
        return new Loaded(scenario, problems.all());
    }

    // a --scale PLACE=F must name a place the scenario has: host, guest (with kernels:) or a kernel
    private static Scales places(Scenario s, Scales scales) throws Overrides.Invalid {
        java.util.Set<String> kernels =
                s.kernels() == null ? java.util.Set.of() : s.kernels().keySet();
        java.util.List<String> unknown = new java.util.ArrayList<>(scales.unknown(kernels));
        if (kernels.isEmpty() && scales.places().containsKey(Scales.GUEST)) {
            unknown.add(0, Scales.GUEST);
        }
        if (!unknown.isEmpty()) {
            String known = kernels.isEmpty()
                    ? "host (it names no kernels:, so every cell runs on the host)"
                    : "host, guest (every cell in a VM) or a kernel of its kernels: (" + String.join(", ", kernels)
                            + ")";
            throw new Overrides.Invalid("--scale " + unknown.get(0) + "="
                    + Scales.plain(scales.places().get(unknown.get(0))) + ": scenario '" + s.name() + "' has no place '"
                    + unknown.get(0) + "'; the places are " + known);
        }
        return scales;
    }

    private static String serialize(Node root) {
        java.io.StringWriter out = new java.io.StringWriter();
        org.yaml.snakeyaml.DumperOptions options = new org.yaml.snakeyaml.DumperOptions();
        options.setDefaultFlowStyle(org.yaml.snakeyaml.DumperOptions.FlowStyle.BLOCK);
        new org.yaml.snakeyaml.Yaml(options).serialize(root, out);
        return out.toString();
    }
}
