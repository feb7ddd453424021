package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files of the comparison report: two fixed journals (a real quickstart run, and the same
 * with ext4's copy-in ten times slower under a {@code sync} mount option and a tool version holding
 * markup) render to the committed HTML, Markdown, chart and CSV; twice the same bytes; the same
 * under another default locale. Regenerate with -Dfsflow.updateGolden=true after an intended change.
 */
class ComparisonReportTest {

    static final List<String> FILES = List.of("report.html", "report.md", "chart-ratios.svg", "comparison.csv");

    @TempDir
    Path dir;

    static Comparison fixture() {
        Path res = TestPaths.resources("compare");
        return Comparer.compare(
                List.of(Run.load(res.resolve("base")), Run.load(res.resolve("other"))), "mount_options");
    }

    Path render(String name) {
        Path out = dir.resolve(name);
        new ComparisonWriter(null).write(fixture(), out);
        return out;
    }

    @Test
    void theFixtureRendersToTheGoldenFiles() throws IOException {
        Path out = render("a");
        Path expected = TestPaths.resources("compare/expected");
        if (Boolean.getBoolean("fsflow.updateGolden")) {
            Files.createDirectories(expected);
            for (String f : FILES) {
                Files.copy(out.resolve(f), expected.resolve(f), StandardCopyOption.REPLACE_EXISTING);
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
            assertEquals(-1, Files.mismatch(first.resolve(f), german.resolve(f)), f);
        }
    }

    @Test
    void markupFromTheRunsIsEscapedEverywhere() throws IOException {
        Path out = render("escaped");
        String html = Files.readString(out.resolve("report.html"));
        String md = Files.readString(out.resolve("report.md"));
        assertFalse(html.contains("<b>"), "raw markup in the HTML");
        assertTrue(
                html.contains("du &lt;b&gt;&quot;GNU&quot; | *coreutils*&lt;/b&gt; 9.1"), "the escaped tool version");
        assertFalse(md.contains("<b>"), "raw markup in the Markdown");
        assertTrue(
                md.contains("du &lt;b&gt;\"GNU\" \\| \\*coreutils\\*&lt;/b&gt; 9.1"), "a pipe cannot break the table");
    }

    @Test
    void theReportNamesTheAxisAndTheConfounderAndStatesTheMethod() throws IOException {
        String md = Files.readString(render("named").resolve("report.md"));
        assertTrue(md.contains("| filesystem.ext4.mount\\_options | (defaults) | sync |"), md);
        assertTrue(md.contains("**Confounders:** 1 other condition differ"), md);
        assertTrue(md.contains("Fieller's theorem"), md);
        assertTrue(md.contains("Benjamini-Hochberg"), md);
    }
}
