package org.fsflow.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * One stored run (or import) as a comparison reads it: its measurements, its
 * {@code environment.json} and the effective {@code params} of its {@code scenario.yaml}.
 *
 * @param label       how reports name it: the directory's name
 * @param dir         the output directory
 * @param results     its {@code results.jsonl}, keyed by cell and step
 * @param environment {@code environment.json}, an empty object when absent
 * @param params      the scenario's params after {@code --set}, empty for imports
 */
public record Run(String label, Path dir, ResultSet results, JsonNode environment, Map<String, String> params) {

    /** Every measurement, in journal order. */
    public List<Measurement> rows() {
        return results.measurements();
    }

    /** Reads {@code dir}; a directory without results is a {@link IllegalArgumentException} naming it. */
    public static Run load(Path dir) {
        Path journal = dir.resolve(Journal.FILE);
        if (!Files.isRegularFile(journal)) {
            throw new IllegalArgumentException(
                    Files.exists(journal)
                            ? org.fsflow.safety.InputFiles.problem(journal) + ": a run's results are a file"
                            : dir + " has no " + Journal.FILE + ": give the output directory of a run or an import");
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new Run(
                name == null ? dir.toString() : name.toString(),
                dir,
                ResultSet.load(dir),
                environment(dir),
                params(dir.resolve("scenario.yaml")));
    }

    /** This run under another label (two directories of the same name). */
    public Run labelled(String other) {
        return new Run(other, dir, results, environment, params);
    }

    private static JsonNode environment(Path dir) {
        Path file = dir.resolve("environment.json");
        return org.fsflow.result.JsonFile.tree(file);
    }

    private static Map<String, String> params(Path scenario) {
        Map<String, String> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(scenario)) {
            return out;
        }
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions()))
                    .load(org.fsflow.safety.InputFiles.readString(scenario, org.fsflow.lang.YamlLoader.MAX_BYTES));
            if (doc instanceof Map<?, ?> map && map.get("params") instanceof Map<?, ?> params) {
                params.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
            }
        } catch (IOException | RuntimeException e) {
            // a scenario.yaml that no longer parses (or is too large to) only costs the params' facts
        }
        return out;
    }
}
