package org.fsflow.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files: a fixed history (six runs, the copy 20 % slower from the fourth, a run at another
 * scale kept apart, a label that needs escaping) renders to the committed HTML, Markdown, chart
 * and history.json; twice the same bytes, and the same under another locale and time zone.
 * Regenerate with -Dfsflow.updateGolden=true after an intended change.
 */
class HistoryReportTest {

    static final List<String> FILES = List.of("report.html", "report.md", "chart-s001.svg", "history.json");

    @TempDir
    Path dir;

    private Path render(String name) throws IOException {
        Path runs = dir.resolve(name + "-runs");
        List<HistoryRun> loaded = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            double l = i < 3 ? 1.0 : 1.2;
            Path d = HistoryFixture.run(
                    runs.resolve("day" + (i + 1)),
                    "2026-11-0" + (i + 1) + "T10:00:00Z",
                    "6.1.0-57-amd64",
                    1,
                    Map.of("build", "<b" + (i + 1) + "&>"),
                    l * 0.99,
                    l * 1.01,
                    l * (1 + 0.004 * (i % 3)),
                    l * 0.995,
                    l * 1.005);
            loaded.add(HistoryRun.load(d, "day" + (i + 1)));
        }
        Path other = HistoryFixture.run(
                runs.resolve("scaled"), "2026-11-07T10:00:00Z", "6.1.0-57-amd64", 0.5, Map.of(), 0.5, 0.5, 0.51);
        loaded.add(HistoryRun.load(other, "scaled"));
        By by = By.parse("date");
        HistoryResult h = History.of(loaded, by, ChangePoints.Options.DEFAULT, null);
        Path out = dir.resolve(name);
        new HistoryWriter(null).write(h, by.order(Map.of()), out);
        for (String f : FILES) {
            Files.writeString(out.resolve(f), Files.readString(out.resolve(f)).replace(runs.toString(), "RUNS"));
        }
        return out;
    }

    @Test
    void aFixedHistoryRendersToTheGoldenFiles() throws IOException {
        Path out = render("a");
        Path expected = TestPaths.resources("history/expected");
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
    void theHtmlIsSelfContainedAndEscaped() throws IOException {
        String html = Files.readString(render("s").resolve("report.html"));
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no external resource");
        assertTrue(html.contains("<svg") && html.contains("<style>"), "inline SVG and CSS");
        assertTrue(html.contains("build=&lt;b1&amp;&gt;"), "labels escaped");
        assertFalse(html.contains("<b1"), "no label as markup");
        assertTrue(html.contains("scaled") && html.contains("scale 0.5"), "the run kept apart is listed");
    }
}
