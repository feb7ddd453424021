package org.fsflow.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fsflow.lang.YamlLoader;
import org.fsflow.safety.InputFiles;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The two facts later stages take from a run directory's effective scenario ({@code scenario.yaml},
 * the scenario as run, its {@code --set} applied): its {@code params} and, for runs whose environment
 * does not record them, the type of each of its filesystems. A copy that is missing, too large or no
 * longer parses costs only these facts.
 */
public final class ScenarioCopy {

    /** The effective scenario's file name inside a run directory. */
    public static final String FILE = "scenario.yaml";

    private ScenarioCopy() {}

    /** The params of the run in {@code dir} after {@code --set}, in declaration order; empty for an import. */
    public static Map<String, String> params(Path dir) {
        Map<String, String> out = new LinkedHashMap<>();
        if (load(dir) instanceof Map<?, ?> map && map.get("params") instanceof Map<?, ?> params) {
            params.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        }
        return out;
    }

    /**
     * Filesystem name to type, in declaration order ({@code ext3-vm: { type: ext3 }} is of type ext3;
     * a filesystem without {@code type:} is of its own name's type): what pairs a guest's control
     * cells with the host's. The run's environment records them; a run that predates that has them
     * from its scenario copy, and none when it has no readable copy.
     */
    public static Map<String, String> filesystemTypes(Path dir, RunEnvironment env) {
        if (!env.campaign().filesystemTypes().isEmpty()) {
            return env.campaign().filesystemTypes();
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (load(dir) instanceof Map<?, ?> map && map.get("filesystems") instanceof Map<?, ?> filesystems) {
            filesystems.forEach((name, spec) -> out.put(
                    String.valueOf(name),
                    spec instanceof Map<?, ?> m && m.get("type") != null
                            ? String.valueOf(m.get("type"))
                            : String.valueOf(name)));
        }
        return out;
    }

    private static Object load(Path dir) {
        Path scenario = dir.resolve(FILE);
        if (!Files.isRegularFile(scenario)) {
            return null;
        }
        try {
            return new Yaml(new SafeConstructor(new LoaderOptions()))
                    .load(InputFiles.readString(scenario, YamlLoader.MAX_BYTES));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
