package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files of the crash section: the journal of a real crash run (ext4 data=journal and
 * reiserfs in a Debian 6.1 guest, a failed xfs cell), one reiserfs point edited into a violation,
 * renders to the committed HTML and Markdown, the same bytes under another locale. Regenerate with
 * -Dfsflow.updateGolden=true after an intended change.
 */
class CrashReportTest {

    static final List<String> FILES = List.of("report.html", "report.md");

    @TempDir
    Path dir;

    private Path render(String name) throws IOException {
        Path out = dir.resolve(name);
        Files.createDirectories(out);
        Path fixture = TestPaths.resources("report/crash");
        Files.copy(fixture.resolve("results.jsonl"), out.resolve("results.jsonl"));
        Files.copy(fixture.resolve("environment.json"), out.resolve("environment.json"));
        org.fsflow.StoredReport.render(out);
        return out;
    }

    // renders `rows` as a run's journal beside the fixture's environment
    private Path renderRows(String name, CharSequence rows) throws IOException {
        Path out = dir.resolve(name);
        Files.createDirectories(out);
        Files.copy(TestPaths.resources("report/crash").resolve("environment.json"), out.resolve("environment.json"));
        Files.writeString(out.resolve("results.jsonl"), rows);
        org.fsflow.StoredReport.render(out);
        return out;
    }

    @Test
    void aCrashJournalRendersToTheGoldenFilesUnderAnyLocale() throws IOException {
        Path out = render("a");
        Path expected = TestPaths.resources("report/crash/expected");
        if (Boolean.getBoolean("fsflow.updateGolden")) {
            Files.createDirectories(expected);
            for (String f : FILES) {
                Files.copy(out.resolve(f), expected.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Locale locale = Locale.getDefault();
        Path german;
        try {
            Locale.setDefault(Locale.GERMANY);
            german = render("german");
        } finally {
            Locale.setDefault(locale);
        }
        for (String f : FILES) {
            assertEquals(Files.readString(expected.resolve(f)), Files.readString(out.resolve(f)), f);
            assertEquals(-1, Files.mismatch(out.resolve(f), german.resolve(f)), f + " under de_DE");
        }
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(
                md.contains(
                        "| reiserfs | spool | 6.1.0-57-amd64, tcg | 7 of 8288 (3 marks, 4 drawn) | 6 | 0 | 0 | 1 | 0 | 0 |"),
                md);
        assertTrue(md.contains("fsflow crash-replay crash-logs/reiserfs-spool.log.gz --to "), md);
        assertTrue(md.contains("crash/xfs/spool"), "the failed cell is listed");
        assertTrue(!md.contains("with no write and no flush between"), "marks with writes between them: no note");
    }

    @Test
    void theIndexSaysHowManyPointsAndWhereAPromiseBroke() throws IOException {
        Path out = render("index");
        assertEquals(
                "14 crash points in 2 cells; a file made durable was lost or damaged in 1 cell: reiserfs/spool (1 of 7 points).",
                ReportIndex.headline(out, true));
    }

    @Test
    void aCellWhoseMarksAreAdjacentLogEntriesIsSaidToHaveLoggedNothingWhileTheWorkloadRan() throws IOException {
        Path fixture = TestPaths.resources("report/crash");
        var mapper = org.fsflow.result.Json.MAPPER;
        String first = Files.readAllLines(fixture.resolve("results.jsonl")).get(0);
        StringBuilder rows = new StringBuilder(Files.readString(fixture.resolve("results.jsonl")));
        // a jfs-like cell: one point drawn after mkfs, then three marks at consecutive entries
        Object[][] points = {{5, "after mkfs"}, {10, "m0"}, {11, "m1"}, {12, "m2"}};
        for (Object[] p : points) {
            var row = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(first);
            row.put("node", "crash/jfs/spool/" + p[0]).put("filesystem", "jfs");
            ((com.fasterxml.jackson.databind.node.ObjectNode) row.get("cell")).put("filesystem", "jfs");
            var crash = (com.fasterxml.jackson.databind.node.ObjectNode) row.get("crash");
            crash.put("entry", (Integer) p[0])
                    .put("at", (String) p[1])
                    .put("entries", 40)
                    .put("points", 4);
            rows.append(mapper.writeValueAsString(row)).append('\n');
        }
        Path out = renderRows("adjacent", rows);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| jfs | spool | 6.1.0-57-amd64, tcg | 4 of 40 (3 marks, 1 drawn) |"), md);
        assertTrue(
                md.contains("jfs, spool: its 3 marks are log entries 10 to 12, with no write and no flush between any "
                        + "two of them, and its log held 1 flush or FUA write to draw from"),
                md);
        assertEquals(1, md.split("with no write and no flush between", -1).length - 1, "only that cell");
        assertTrue(Files.readString(out.resolve("report.html")).contains("jfs, spool: its 3 marks are log entries"));
    }

    @Test
    void aCellThatRanOnABusyHostSaysSoWithItsFiguresAndAQuietCellDoesNot() throws IOException {
        Path fixture = TestPaths.resources("report/crash");
        var mapper = org.fsflow.result.Json.MAPPER;
        StringBuilder rows = new StringBuilder();
        for (String line : Files.readAllLines(fixture.resolve("results.jsonl"))) {
            var row = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(line);
            var crash = (com.fasterxml.jackson.databind.node.ObjectNode) row.get("crash");
            if (crash != null) {
                boolean reiserfs = "reiserfs".equals(row.get("filesystem").asText());
                // reiserfs beside 1.3 CPUs of other work; ext4 beside 0.2 (below the threshold)
                crash.put("cell_s", 400.0).put("host_other_cpu_s", reiserfs ? 520.0 : 80.0);
            }
            rows.append(mapper.writeValueAsString(row)).append('\n');
        }
        Path out = renderRows("busy", rows);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(
                md.contains("reiserfs, spool ran while the host was busy: processes other than fsflow and its guests "
                        + "used 520.0 CPU s during its 400.0 s (1.30 CPUs on average, above 0.5)"),
                md);
        assertEquals(1, md.split("ran while the host was busy", -1).length - 1, "only that cell");
        assertTrue(
                Files.readString(out.resolve("report.html")).contains("reiserfs, spool ran while the host was busy"));
    }
}
