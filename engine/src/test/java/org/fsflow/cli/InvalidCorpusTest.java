package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scenario of the invalid corpus is rejected by {@code fsflow validate} with exit 1, its
 * expected message at its expected location, and no stack trace.
 */
class InvalidCorpusTest {

    /** One line of invalid/expected.tsv. */
    record Case(String file, String location, String message, String schema) {
        @Override
        public String toString() {
            return file;
        }
    }

    static List<Case> cases() throws IOException {
        return Files.readAllLines(TestPaths.resources("invalid").resolve("expected.tsv")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.split("\t"))
                .map(f -> new Case(f[0], f[1], f[2], f[3]))
                .toList();
    }

    // a guard against hangs (a YAML bomb expanding), not a speed target: bench/ measures speed
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    @ParameterizedTest
    @MethodSource("cases")
    void rejectedWithLocationAndMessage(Case c) {
        Path file = TestPaths.resources("invalid").resolve(c.file());
        Cli result = Cli.run("validate", file.toString());
        assertEquals(ExitCodes.FAILED, result.exitCode(), result.err());
        String where = c.location().equals("-") ? file + ": error: " : file + ":" + c.location() + ": error: ";
        assertTrue(
                result.err().contains(where + "") && result.err().contains(c.message()),
                "expected '" + where + "... " + c.message() + "' in:\n" + result.err());
        assertTrue(
                result.err().lines().anyMatch(l -> l.startsWith(where) && l.contains(c.message())),
                "message not on the located line:\n" + result.err());
        assertTrue(result.noStackTrace(), result.err());
        assertEquals("", result.out());
    }

    @Test
    void corpusIsCompleteAndLargeEnough() throws IOException {
        Set<String> listed = cases().stream().map(Case::file).collect(Collectors.toSet());
        try (Stream<Path> files = Files.list(TestPaths.resources("invalid"))) {
            Set<String> present = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml"))
                    .collect(Collectors.toSet());
            for (String p : present) {
                assertTrue(listed.contains(p), p + " has no line in expected.tsv");
            }
        }
        assertTrue(listed.size() >= 25, "the corpus must hold at least 25 cases");
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnce(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = dir.resolve("many.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "fsflow: 1",
                        "name: many",
                        "devices:",
                        "  target: { loop: { size: 1G } }",
                        "filesystems:",
                        "  ext4: {}",
                        "datasets:",
                        "  d: { dirs: 2, files: 3, size: 4KQ }",
                        "matrix:",
                        "  filesystem: [ext4, btrfz]",
                        "  dataset: [d]",
                        "repeat: 0",
                        "stesp: []",
                        "steps:",
                        "  - mkfz",
                        "  - name: x",
                        "    run: echo ${nope}",
                        ""));
        Cli result = Cli.run("validate", file.toString());
        assertEquals(ExitCodes.FAILED, result.exitCode());
        String err = result.err();
        assertTrue(err.contains(file + ":12:9: error: repeat is 0: it must be at least 1"), err);
        assertTrue(err.contains(file + ":13:1: error: unknown key 'stesp'"), err);
        assertTrue(err.contains(file + ":15:5: error: unknown action 'mkfz'"), err);
        assertTrue(err.contains(file + ":8:33: error: dataset 'd' size: unknown size unit 'KQ'"), err);
        // the second layer's problems in the same pass: references and variables
        assertTrue(err.contains(file + ":10:22: error: filesystem 'btrfz' is not declared"), err);
        assertTrue(err.contains(file + ":17:15: error: unknown variable ${nope}"), err);
        // but not what follows from an entry the first layer dropped: d's own error says what to fix
        assertFalse(err.contains("dataset 'd' is not declared"), err);
        assertEquals(6, err.lines().filter(l -> l.contains(": error: ")).count(), err);
        assertTrue(result.noStackTrace(), err);
    }
}
