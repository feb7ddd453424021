package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file fsflow reads is a regular file of a bounded size: a FIFO or a device is refused by
 * name (never read, so never waited on), a file too large is refused before it is read, and the
 * JSON files of a run directory are judged in fsflow's words, with their line and column.
 */
class BoundedInputTest {

    // a guard against a hang, not a measure of speed: a blocked read would never return
    static final Duration HANG = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private Path fifo(String name) throws Exception {
        Path f = dir.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", f.toString()).start().waitFor());
        return f;
    }

    private static void refused(Cli r, String file, String expected) {
        assertNotEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(file) && r.err().contains(expected), r.err());
        assertTrue(r.noStackTrace(), r.err());
        assertFalse(r.err().contains("out of memory"), r.err());
    }

    @Test
    void validateOnAFifoIsRefusedWithoutBlocking() throws Exception {
        Path f = fifo("scenario.yaml");
        Cli r = assertTimeoutPreemptively(HANG, () -> Cli.run("validate", f.toString()));
        refused(r, f.toString(), "not a regular file");
    }

    @Test
    void validateOnADeviceNamesIt() {
        Cli r = assertTimeoutPreemptively(HANG, () -> Cli.run("validate", "/dev/zero"));
        refused(r, "/dev/zero", "not a regular file");
    }

    @Test
    void aJournalThatIsAFifoIsRefused() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(TestPaths.resources("compare/base/environment.json"), run.resolve("environment.json"));
        fifo("run/results.jsonl");
        Cli r = assertTimeoutPreemptively(HANG, () -> Cli.run("export", "bmf", run.toString()));
        refused(r, "results.jsonl", "not a regular file");
    }

    @Test
    void anImportFromAFifoIsRefused() throws Exception {
        Path f = fifo("hyperfine.json");
        Cli r = assertTimeoutPreemptively(
                HANG,
                () -> Cli.run(
                        "import",
                        "hyperfine",
                        f.toString(),
                        "--out",
                        dir.resolve("out").toString()));
        refused(r, f.toString(), "not a regular file");
    }

    @Test
    void aDamagedEnvironmentIsLocatedInFsflowsWords() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(TestPaths.resources("compare/base/results.jsonl"), run.resolve("results.jsonl"));
        Files.writeString(run.resolve("environment.json"), "{\n  \"host\": NaN\n}\n");
        Cli r = Cli.run("export", "bmf", run.toString());
        refused(r, run.resolve("environment.json") + ":2:", "is NaN or infinite");
        assertFalse(r.err().contains("JsonReadFeature") || r.err().contains("ALLOW_"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aHugeScenarioCopyInARunDirectoryIsNotParsed() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(TestPaths.resources("compare/base/results.jsonl"), run.resolve("results.jsonl"));
        Files.copy(TestPaths.resources("compare/base/environment.json"), run.resolve("environment.json"));
        Files.writeString(run.resolve("scenario.yaml"), "# " + "x".repeat(4 << 20) + "\nname: big\n");
        Cli r = Cli.run(
                "compare",
                run.toString(),
                run.toString(),
                "--out",
                dir.resolve("c").toString());
        assertTrue(r.noStackTrace(), r.err());
    }

    @Test
    void sourceLinesAreSplitOnce() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 30_000; i++) {
            text.append("k").append(i).append(": 1\n");
        }
        SourceText s = SourceText.of("many.yaml", text.toString());
        assertEquals(30_000, s.lines().size());
        assertEquals("k29999: 1", s.line(29_999));
        assertEquals(List.of(), SourceText.of("empty.yaml", "").lines());
    }
}
