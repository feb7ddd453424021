package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files: a fixed journal (a real quickstart run) renders to the committed HTML, Markdown,
 * chart and CSV; twice the same bytes; the same under another default locale and time zone.
 * Regenerate the expected files with -Dfsflow.updateGolden=true after an intended change.
 */
class ReportWriterTest {

    static final List<String> FILES = List.of("report.html", "report.md", "chart-small.svg", "results.csv");

    @TempDir
    Path dir;

    Path render(String name) throws IOException {
        Path out = dir.resolve(name);
        Files.createDirectories(out);
        Path golden = TestPaths.resources("report/golden");
        Files.copy(golden.resolve("results.jsonl"), out.resolve("results.jsonl"));
        Files.copy(golden.resolve("environment.json"), out.resolve("environment.json"));
        org.fsflow.StoredReport.render(out);
        return out;
    }

    @Test
    void aFixedJournalRendersToTheGoldenFiles() throws IOException {
        Path out = render("a");
        Path expected = TestPaths.resources("report/golden/expected");
        if (Boolean.getBoolean("fsflow.updateGolden")) {
            Files.createDirectories(expected);
            for (String f : FILES) {
                Files.copy(out.resolve(f), expected.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (String f : FILES) {
            assertEquals(Files.readString(expected.resolve(f)), Files.readString(out.resolve(f)), f);
        }
    }

    @Test
    void renderingTwiceAndUnderAnotherLocaleGivesTheSameBytes() throws IOException {
        Path first = render("first");
        Path second = render("second");
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        Path german;
        try {
            Locale.setDefault(Locale.GERMANY);
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
            german = render("german");
        } finally {
            Locale.setDefault(locale);
            TimeZone.setDefault(zone);
        }
        for (String f : FILES) {
            assertEquals(-1, Files.mismatch(first.resolve(f), second.resolve(f)), f);
            assertEquals(-1, Files.mismatch(first.resolve(f), german.resolve(f)), f + " under de_DE");
        }
    }

    @Test
    void theHtmlIsSelfContained() throws IOException {
        String html = Files.readString(render("s").resolve("report.html"));
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no external resource");
        assertTrue(html.contains("<svg") && html.contains("<style>"), "inline SVG and CSS");
    }

    @Test
    void scenarioTextAndToolOutputAreEscaped() throws IOException {
        Path out = dir.resolve("evil");
        Files.createDirectories(out);
        Files.writeString(out.resolve("environment.json"), """
                {"scenario": "evil", "campaign": {"title": "<script>alert('title')</script>",
                 "source": "<img src=x onerror=alert('source')>", "description": "a | b *c* `d` [e](javascript:f)",
                 "steps": ["copy"], "filesystems": ["ext4"], "datasets": {}, "devices": {}}}
                """);
        Files.writeString(
                out.resolve("results.jsonl"),
                String.join(
                        "\n",
                        row("a/ext4/r1/copy", "ok", "echo '<script>alert(1)</script>'", null),
                        row("a/ext4/r2/copy", "failed", "false", "stderr: <img src=x onerror=alert(2)> | oops"),
                        ""));
        org.fsflow.StoredReport.render(out);
        String html = Files.readString(out.resolve("report.html"));
        assertFalse(html.contains("<script>alert"), "no live script in HTML");
        assertFalse(html.contains("<img src=x"), "no live img in HTML");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;"), "the title is shown as text");
        assertTrue(html.contains("&lt;img src=x onerror=alert(2)&gt;"), "step output is shown as text");
        String md = Files.readString(out.resolve("report.md"));
        assertFalse(md.contains("<script>") || md.contains("<img"), "no raw HTML in Markdown");
        assertTrue(md.contains("# &lt;script&gt;alert('title')&lt;/script&gt;"), md);
        assertTrue(md.contains("a \\| b \\*c\\* \\`d\\` \\[e\\](javascript:f)"), "Markdown syntax is escaped");
    }

    @Test
    void aRunOfManyFailuresListsTheFirstOnesAndSaysHowManyThereAre() throws IOException {
        Path out = dir.resolve("failing");
        Files.createDirectories(out);
        Files.writeString(out.resolve("environment.json"), """
                {"scenario": "failing", "campaign": {"title": "failing", "steps": ["copy"], "filesystems": ["ext4"],
                 "datasets": {}, "devices": {}}}
                """);
        StringBuilder rows = new StringBuilder();
        for (int r = 1; r <= 620; r++) {
            rows.append(row("a/ext4/r" + r + "/copy", r <= 600 ? "failed" : "ok", "cp x y", "no space " + r))
                    .append("\n");
        }
        Files.writeString(out.resolve("results.jsonl"), rows.toString());
        org.fsflow.StoredReport.render(out);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("The first 500 of the 600 steps that failed or timed out; every one is in"), html);
        assertTrue(html.contains("no space 500<"), "the 500th is listed");
        assertFalse(html.contains("no space 501<"), "the 501st only in results.csv");
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("The first 500 of the 600 steps that failed or timed out; every one is in"), md);
        assertEquals(621, Files.readAllLines(out.resolve("results.csv")).size(), "every row in the CSV");
    }

    @Test
    void aBrokenUserTemplateIsOneLocatedLine() throws IOException {
        Path out = render("t");
        Path templates = dir.resolve("my-templates");
        Files.createDirectories(templates);
        Files.writeString(
                templates.resolve("report.md.ftl"),
                "# ${title}\n\n<#list datasets as d>\n${d.nosuchfield}\n</#list>\n");
        org.fsflow.cli.Cli r = org.fsflow.cli.Cli.run("report", out.toString(), "--templates", templates.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("fsflow: report.md.ftl:4:3: error:"), r.err());
        assertTrue(r.noStackTrace(), r.err());
        Files.writeString(templates.resolve("report.md.ftl"), "# ${title\n");
        r = org.fsflow.cli.Cli.run("report", out.toString(), "--templates", templates.toString());
        assertTrue(r.err().startsWith("fsflow: report.md.ftl:1:"), r.err());
    }

    @Test
    void aDamagedJournalIsOneLocatedLine() throws IOException {
        Path out = render("damaged");
        List<String> lines = Files.readAllLines(out.resolve("results.jsonl"));
        lines.set(1, "{\"node\": \"half a li");
        Files.write(out.resolve("results.jsonl"), lines);
        // the report names the line it could not read; a command that needs every row refuses it
        org.fsflow.cli.Cli r = org.fsflow.cli.Cli.run("report", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.readString(out.resolve("report.md"))
                .contains("1 row of results.jsonl could not be read: line 2"));
        r = org.fsflow.cli.Cli.run("export", "bmf", out.toString());
        assertEquals(1, r.exitCode());
        assertTrue(
                r.err().startsWith("fsflow: " + out.resolve("results.jsonl") + ":2: error: not a measurement"),
                r.err());
        assertTrue(r.noStackTrace(), r.err());
    }

    private static String row(String node, String status, String command, String reason) {
        boolean ok = status.equals("ok");
        return "{\"node\":\"" + node + "\",\"step\":\"copy\",\"dataset\":\"a\",\"filesystem\":\"ext4\",\"repeat\":1,"
                + "\"cell\":{\"dataset\":\"a\",\"filesystem\":\"ext4\"},\"command\":" + json(command) + ",\"status\":\""
                + status + "\",\"exit_code\":" + (ok ? 0 : 1) + ",\"reason\":"
                + (reason == null ? "null" : json(reason))
                + ",\"real_s\":1.5,\"user_s\":0.1,\"sys_s\":0.2,\"cpu_pct\":20,\"max_rss_kb\":1000,\"minor_faults\":1,"
                + "\"major_faults\":0,\"read_bytes\":0,\"write_bytes\":0,\"io_busy_ms\":0,\"started_at\":\"2026-01-01T00:00:00Z\","
                + "\"ended_at\":\"2026-01-01T00:00:01.5Z\",\"metrics\":{}}";
    }

    private static String json(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
