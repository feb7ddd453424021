package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fsflow.TestPaths;
import org.fsflow.safety.Visible;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a reviewer sees is what runs (issue 39): text from a scenario, a run directory or an import
 * reaches the terminal and every file of a report with its control characters shown, never acted on.
 */
class EscapesTest {

    @TempDir
    Path dir;

    private static final String HIDING = "touch /tmp/pwned; \u001b[2K\rdu -s \u202e\u009b";

    private Path scenario(String run) throws IOException {
        String text = Files.readString(TestPaths.root().resolve("scenarios/quickstart.yaml"))
                .replace("run: du -s ${target.mnt}/${dataset.name}", "run: \"" + run + " ${target.mnt}\"");
        Path file = dir.resolve("hiding.yaml");
        Files.writeString(file, text);
        return file;
    }

    private static String yaml(String s) {
        return s.replace("\u001b", "\\e")
                .replace("\r", "\\r")
                .replace("\u202e", "\\u202e")
                .replace("\u009b", "\\x9b");
    }

    @Test
    void planAndDryRunShowTheEscapesOfARunString() throws IOException {
        Path file = scenario(yaml(HIDING));
        for (Cli c : List.of(
                Cli.run("plan", file.toString()),
                Cli.run(
                        "run",
                        file.toString(),
                        "--dry-run",
                        "--out",
                        dir.resolve("o").toString()))) {
            assertEquals(ExitCodes.OK, c.exitCode(), c.err());
            assertTrue(c.out().contains("touch /tmp/pwned; \\e[2K\\rdu -s \\u202e\\u009b"), c.out());
            assertFalse(Visible.hasHidden(c.out().replace("\n", "")), "a raw control character in:\n" + c.out());
        }
        Cli json = Cli.run("plan", file.toString(), "--format", "json");
        assertFalse(Visible.hasHidden(json.out().replace("\n", "")), json.out());
    }

    @Test
    void anErrorNamingAFileShowsItsEscapes() {
        Cli c = Cli.run("validate", dir.resolve("a\u001b[2Jb.yaml").toString());
        assertEquals(ExitCodes.FAILED, c.exitCode());
        assertTrue(c.err().contains("a\\e[2Jb.yaml"), c.err());
        assertFalse(c.err().contains("\u001b"), c.err());
    }

    @Test
    void importRefusesLabelsThatHideOrNameBadly() throws IOException {
        Path log = dir.resolve("bench.ext4.txt");
        Files.writeString(log, "du -s /x :\t1.00 real, 0.10 user, 0.10 sys, 20% cpu\n");
        for (String label : List.of("title=a\u001b[2Jb", "title=a\u202eb", "name=../../etc", "=v", "dataset=a\nb")) {
            Cli c = Cli.run(
                    "import",
                    "gnu-time",
                    log.toString(),
                    "--out",
                    dir.resolve("o").toString(),
                    "--label",
                    label);
            assertEquals(ExitCodes.USAGE, c.exitCode(), label + ": " + c.err());
            assertFalse(Visible.hasHidden(c.err().replace("\n", "")), c.err());
            assertFalse(Files.exists(dir.resolve("o/results.jsonl")), label + " wrote a run");
        }
        Cli ok = Cli.run(
                "import",
                "gnu-time",
                log.toString(),
                "--out",
                dir.resolve("o").toString(),
                "--label",
                "name=seed-000",
                "--label",
                "title=Seed 000, ünïcode");
        assertEquals(ExitCodes.OK, ok.exitCode(), ok.err());
    }

    /** An import whose commands hide text and look like spreadsheet formulas, and its report. */
    private Path hostileRun() throws IOException {
        Path log = dir.resolve("bench.ext4.txt");
        String step = "=HYPERLINK(\"http://x\") \u001b[2J\u202e";
        Files.writeString(
                log,
                step + " :\t1.00 real, 0.10 user, 0.10 sys, 20% cpu\n" + step
                        + " :\t1.20 real, 0.10 user, 0.10 sys, 20% cpu\n-rm x :\t2.00 real, 0.10 user, 0.10 sys, 20% cpu\n");
        Path out = dir.resolve("run");
        Cli c = Cli.run("import", "gnu-time", log.toString(), "--out", out.toString());
        assertEquals(ExitCodes.OK, c.exitCode(), c.err());
        return out;
    }

    @Test
    void noFileOfAReportHoldsARawControlCharacter() throws IOException {
        Path out = hostileRun();
        List<Path> files;
        try (Stream<Path> s = Files.list(out)) {
            files = s.sorted().toList();
        }
        assertTrue(files.stream().anyMatch(f -> f.toString().endsWith(".svg")), files.toString());
        for (Path f : files) {
            String text = Files.readString(f).replace("\n", "").replace("\t", "");
            assertFalse(Visible.hasHidden(text), f + " holds a raw control character");
        }
        assertTrue(Files.readString(out.resolve("report.md")).contains("\\\\e\\[2J\\\\u202e"));
        assertTrue(Files.readString(out.resolve("report.html")).contains("\\e[2J\\u202e"));
    }

    @Test
    void csvFormulaCellsAreNeutralisedNumbersAreNot() throws IOException {
        String csv = Files.readString(hostileRun().resolve("results.csv"));
        assertTrue(csv.contains(",\"'=HYPERLINK(\"\"http://x\"\") \\e[2J\\u202e\","), csv);
        assertTrue(csv.contains(",\"'-rm x\","), csv);
        assertFalse(csv.contains(",=") || csv.contains(",-rm"), csv);
        assertEquals("-1.5", org.fsflow.report.CsvCells.text("-1.5"));
        assertEquals("'@SUM(A1)", org.fsflow.report.CsvCells.text("@SUM(A1)"));
        assertEquals("'\tx", org.fsflow.report.CsvCells.text("\tx"));
    }

    @Test
    void svgWithAControlCharacterInALabelIsWellFormedXml() throws Exception {
        Path out = hostileRun();
        List<Path> svgs;
        try (Stream<Path> s = Files.list(out)) {
            svgs = s.filter(f -> f.toString().endsWith(".svg")).toList();
        }
        assertFalse(svgs.isEmpty());
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        for (Path svg : svgs) {
            factory.newDocumentBuilder().parse(svg.toFile()); // throws on a character XML cannot hold
            assertTrue(Files.readString(svg).contains("\\e[2J\\u202e"), svg.toString());
        }
        String label = org.fsflow.chart.Svg.xml("a\u0001\u001b<b>\u202e");
        factory.newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(("<svg>" + label + "</svg>").getBytes("UTF-8")));
    }

    @Test
    void theIndexLinkOfAJavascriptDirectoryIsInert() throws IOException {
        Path run = hostileRun();
        Path reports = dir.resolve("reports");
        Path odd = reports.resolve("javascript:alert(1)");
        Files.createDirectories(odd);
        for (String f : List.of("report.html", "report.md", "results.jsonl", "environment.json")) {
            Files.copy(run.resolve(f), odd.resolve(f));
        }
        Cli c = Cli.run("index", reports.toString());
        assertEquals(ExitCodes.OK, c.exitCode(), c.err());
        String html = Files.readString(reports.resolve("index.html"));
        assertTrue(html.contains("href=\"./javascript%3Aalert%281%29/report.html\""), html);
        assertFalse(html.contains("href=\"javascript:"), html);
        String md = Files.readString(reports.resolve("index.md"));
        assertTrue(md.contains("(./javascript%3Aalert%281%29/report.md)"), md);
    }

    @Test
    void compareShowsAConfounderFromEnvironmentJsonEscaped() throws IOException {
        Path log = dir.resolve("bench.ext4.txt");
        Files.writeString(
                log,
                "du -s /x :\t1.00 real, 0.10 user, 0.10 sys, 20% cpu\ndu -s /x :\t1.10 real, 0.10 user, 0.10 sys, 20% cpu\n");
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(
                ExitCodes.OK,
                Cli.run("import", "gnu-time", log.toString(), "--out", a.toString())
                        .exitCode());
        assertEquals(
                ExitCodes.OK,
                Cli.run("import", "gnu-time", log.toString(), "--out", b.toString())
                        .exitCode());
        Path env = b.resolve("environment.json");
        Files.writeString(
                env, Files.readString(env).replaceFirst("\\{", "{ \"kernel\": \"6.1\\\\u001b[2K\\\\rhidden\","));
        Cli c = Cli.run(
                "compare", a.toString(), b.toString(), "--out", dir.resolve("c").toString());
        assertEquals(ExitCodes.OK, c.exitCode(), c.err());
        assertTrue(c.out().contains("confounder: kernel: (not recorded) | 6.1\\e[2K\\rhidden"), c.out());
        assertFalse(Visible.hasHidden((c.out() + c.err()).replace("\n", "")), c.out());
        try (Stream<Path> files = Files.list(dir.resolve("c"))) {
            for (Path f : files.toList()) {
                assertFalse(Visible.hasHidden(Files.readString(f).replace("\n", "")), f.toString());
            }
        }
    }
}
