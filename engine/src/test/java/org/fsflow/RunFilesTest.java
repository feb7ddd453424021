package org.fsflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The files a run directory holds are read typed, by their owner ({@code result/}: {@code RunSettings}
 * for run.json, {@code RunEnvironment} and {@code EnvironmentFile} for environment.json, {@code
 * ScenarioCopy} for the effective scenario): no other package walks a raw JSON tree or parses YAML.
 * The packages and files that read other JSON or YAML say which.
 */
class RunFilesTest {

    // a raw JSON tree, or YAML parsed outside the language
    private static final Pattern RAW = Pattern.compile("\\bJsonNode\\b|\\breadTree\\(|org\\.yaml\\.snakeyaml");

    /** Packages that read JSON or YAML other than a run's files, and why. */
    private static final Map<String, String> PACKAGES = Map.of(
            "result", "the run directory's own files",
            "lang", "YAML with its marks, for every language fsflow reads",
            "scenario", "the scenario language and the findings language",
            "parse", "tools' output (fio's JSON)",
            "importer", "results of other tools, imported",
            "machine", "fio's output and the cache of measured disks under the work root");

    /** Single files elsewhere that do, and why. */
    private static final Map<String, String> FILES = Map.of(
            "hosts/InventoryReader.java", "the inventory of hosts, a file the user writes",
            "history/HistoryWriter.java", "writes history.json, a non-finite number as null");

    @Test
    void onlyTheRunDirectoryPackageReadsRunFilesAsTrees() throws IOException {
        Path main = TestPaths.root().resolve("engine/src/main/java/org/fsflow");
        Set<String> raw = new TreeSet<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                String name = main.relativize(f).toString();
                String pkg = name.contains("/") ? name.substring(0, name.indexOf('/')) : "";
                if (!PACKAGES.containsKey(pkg)
                        && !FILES.containsKey(name)
                        && RAW.matcher(Files.readString(f)).find()) {
                    raw.add(name);
                }
            }
        }
        assertEquals(Set.of(), raw, "raw JSON trees or YAML outside result/ (read the run's files through it)");
    }

    @Test
    void theRuleSeesARawTree() {
        assertEquals(
                true, RAW.matcher("JsonNode env = Json.MAPPER.readTree(file)").find());
        assertEquals(true, RAW.matcher("import org.yaml.snakeyaml.Yaml;").find());
        assertEquals(
                false,
                RAW.matcher("RunEnvironment env = RunEnvironment.read(dir);").find());
    }
}
