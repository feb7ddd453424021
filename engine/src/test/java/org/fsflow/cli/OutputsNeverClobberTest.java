package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.safety.CachedFiles;
import org.fsflow.safety.OutputKind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No command that writes a directory overwrites another run's or report's files, none writes
 * through a link it did not make, and a report that cannot be written whole leaves the old one:
 * each refusal checked against the SHA-256 of every file under the directory, before and after.
 */
class OutputsNeverClobberTest {

    @TempDir
    Path dir;

    Path a;
    Path b;

    @BeforeEach
    void twoRuns() throws IOException {
        a = copy("base", dir.resolve("A"));
        b = copy("other", dir.resolve("B"));
        assertEquals(0, Cli.run("report", a.toString()).exitCode());
    }

    private static Path copy(String run, Path to) throws IOException {
        Files.createDirectories(to);
        for (String f : List.of("results.jsonl", "environment.json")) {
            Files.copy(TestPaths.resources("compare/" + run).resolve(f), to.resolve(f));
        }
        return to;
    }

    /** Every file under {@code root} (links as their target's name) with its SHA-256. */
    static Map<String, String> checksums(Path root) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                String name = root.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    sums.put(name, "-> " + Files.readSymbolicLink(p));
                } else if (Files.isRegularFile(p)) {
                    sums.put(name, CachedFiles.sha256(p));
                } else {
                    sums.put(name, "dir");
                }
            }
        }
        return sums;
    }

    private void refusedUnchanged(Path watched, String expected, String... args) throws IOException {
        Map<String, String> before = checksums(dir);
        Cli r = Cli.run(args);
        assertNotEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertTrue(r.err().contains("--out"), "says how to choose another: " + r.err());
        assertTrue(r.noStackTrace(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals(before, checksums(dir), "nothing under " + watched + " changed, nothing left beside it");
    }

    @Test
    void compareOverARunIsRefused() throws IOException {
        refusedUnchanged(
                a,
                "holds a run's results (results.jsonl)",
                "compare",
                a.toString(),
                b.toString(),
                "--out",
                a.toString());
    }

    @Test
    void historyOverARunIsRefused() throws IOException {
        refusedUnchanged(a, "holds a run's results", "history", a.toString(), b.toString(), "--out", a.toString());
    }

    @Test
    void mergeOverAPublishedComparisonIsRefused() throws IOException {
        Path c = dir.resolve("C");
        assertEquals(
                0,
                Cli.run("compare", a.toString(), b.toString(), "--out", c.toString())
                        .exitCode());
        refusedUnchanged(
                c, "holds a comparison (comparison.csv)", "merge", a.toString(), b.toString(), "--out", c.toString());
    }

    @Test
    void importOverAReportOfSomethingElseIsRefused() throws IOException {
        Path d = Files.createDirectories(dir.resolve("D"));
        Files.writeString(d.resolve("report.html"), "<p>published</p>");
        Files.writeString(d.resolve("report.md"), "published\n");
        Path json = dir.resolve("hyperfine.json");
        Files.copy(TestPaths.resources("import/hyperfine.json"), json);
        refusedUnchanged(
                d, "holds a report (report.html)", "import", "hyperfine", json.toString(), "--out", d.toString());
    }

    @Test
    void runOverAPublishedComparisonIsRefusedBeforeAnythingRuns() throws IOException {
        Path c = dir.resolve("C");
        assertEquals(
                0,
                Cli.run("compare", a.toString(), b.toString(), "--out", c.toString())
                        .exitCode());
        Path scenario = TestPaths.root().resolve("scenarios/quickstart.yaml");
        refusedUnchanged(
                c,
                "holds a comparison (comparison.csv)",
                "run",
                scenario.toString(),
                "--out",
                c.toString(),
                "--work",
                dir.resolve("work").toString());
    }

    @Test
    void exportThroughALinkIsRefused() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("bmf.json"), a.resolve("results.jsonl"));
        refusedUnchanged(a, "symbolic link", "export", "bmf", a.toString(), "--out", link.toString());
    }

    @Test
    void exportOverAJournalIsRefused() throws IOException {
        refusedUnchanged(
                a,
                "files of a run",
                "export",
                "bmf",
                a.toString(),
                "--out",
                a.resolve("results.jsonl").toString());
    }

    @Test
    void compareIntoALinkIsRefused() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("L"), Files.createDirectories(dir.resolve("elsewhere")));
        refusedUnchanged(link, "symbolic link", "compare", a.toString(), b.toString(), "--out", link.toString());
    }

    @Test
    void aReportThatCannotBeWrittenWholeLeavesTheOldOne() throws IOException {
        Files.writeString(a.resolve("report.html"), "<p>the old report</p>");
        Files.writeString(a.resolve("report.md"), "the old report\n");
        // the last file written, results.csv, cannot replace what is there
        Files.delete(a.resolve("results.csv"));
        Files.createDirectories(a.resolve("results.csv")).resolve("x").toFile().createNewFile();
        Map<String, String> before = checksums(dir);
        Cli r = Cli.run("report", a.toString());
        assertEquals(ExitCodes.FAILED, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("results.csv is a directory") && r.err().contains("nothing was changed"), r.err());
        assertEquals(before, checksums(dir));
    }

    @Test
    void aDirectorysOwnOutputIsRenderedAgainInPlace() throws IOException {
        Path c = dir.resolve("C");
        assertEquals(
                0,
                Cli.run("compare", a.toString(), b.toString(), "--out", c.toString())
                        .exitCode());
        Cli again = Cli.run("compare", a.toString(), b.toString(), "--out", c.toString());
        assertEquals(0, again.exitCode(), again.err());
        Cli report = Cli.run("report", a.toString());
        assertEquals(0, report.exitCode(), report.err());
        assertTrue(report.out().contains("wrote " + a.toAbsolutePath().resolve("report.html")), report.out());
        Path h = dir.resolve("H");
        assertEquals(
                0,
                Cli.run("history", a.toString(), b.toString(), "--out", h.toString())
                        .exitCode());
        assertEquals(
                0,
                Cli.run("history", a.toString(), b.toString(), "--out", h.toString())
                        .exitCode());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(
                    List.of(),
                    left.filter(p -> p.getFileName().toString().startsWith(".")).toList());
        }
    }

    @Test
    void theTableOfKindsNamesTheWritersFiles() {
        assertEquals(org.fsflow.result.Journal.FILE, OutputKind.RUN.files().get(0));
        assertTrue(OutputKind.RUN.files().contains(org.fsflow.result.RunEnvironment.FILE));
        assertEquals(
                org.fsflow.compare.ComparisonWriter.CSV,
                OutputKind.COMPARISON.files().get(0));
        assertEquals(
                org.fsflow.history.HistoryWriter.JSON,
                OutputKind.HISTORY.files().get(0));
        assertTrue(OutputKind.REPORT.containsAll(List.of(
                org.fsflow.report.ReportWriter.HTML,
                org.fsflow.report.ReportWriter.MARKDOWN,
                org.fsflow.report.VerdictSections.JSON)));
    }

    @Test
    void aNewOutputAppearsWhole() throws IOException {
        Path m = dir.resolve("nested/M");
        Cli r = Cli.run("merge", a.toString(), b.toString(), "--out", m.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.isRegularFile(m.resolve("results.jsonl")) && Files.isRegularFile(m.resolve("report.html")));
        try (Stream<Path> left = Files.list(m.getParent())) {
            assertEquals(List.of(m), left.toList(), "no temporary directory left");
        }
    }
}
