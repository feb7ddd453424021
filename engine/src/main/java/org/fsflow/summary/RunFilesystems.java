package org.fsflow.summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The type of each filesystem a run directory's {@code scenario.yaml} declares ({@code ext3-vm:
 * { type: ext3 }} is of type ext3; a filesystem without {@code type:} is of its own name's type):
 * what pairs a guest's control cells with the host's.
 */
public final class RunFilesystems {

    private RunFilesystems() {}

    /** Filesystem name to type, in declaration order; empty when the run has no readable scenario copy. */
    public static Map<String, String> types(Path dir) {
        Map<String, String> out = new LinkedHashMap<>();
        Path scenario = dir.resolve(RunSource.SCENARIO);
        if (!Files.isRegularFile(scenario)) {
            return out;
        }
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions()))
                    .load(org.fsflow.safety.InputFiles.readString(scenario, org.fsflow.lang.YamlLoader.MAX_BYTES));
            if (doc instanceof Map<?, ?> map && map.get("filesystems") instanceof Map<?, ?> filesystems) {
                filesystems.forEach((name, spec) -> out.put(String.valueOf(name), typeOf(name, spec)));
            }
        } catch (IOException | RuntimeException e) {
            // a copy that no longer parses, or too large to: no control cells are paired
        }
        return out;
    }

    private static String typeOf(Object name, Object spec) {
        return spec instanceof Map<?, ?> m && m.get("type") != null
                ? String.valueOf(m.get("type"))
                : String.valueOf(name);
    }
}
