package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files of a report with verdicts: a real run (zfs-fuse-vs-ext3's published results) and a
 * stored source.yaml render to the committed verdicts.json and report.md, which opens with the
 * headline. Regenerate with -Dfsflow.updateGolden=true after an intended change.
 */
class VerdictReportTest {

    // the report's other sections change with other features: the golden files hold this section only
    static final List<String> FILES = List.of("verdicts.json", "verdicts.md", "verdicts.html");

    @TempDir
    Path dir;

    @Test
    void aRunWithFindingsRendersItsVerdictsFirst() throws Exception {
        Path input = TestPaths.resources("report/verdicts");
        for (String f : List.of("results.jsonl", "environment.json", "source.yaml")) {
            Files.copy(input.resolve(f), dir.resolve(f));
        }
        org.fsflow.StoredReport.render(dir);
        ReportWriter writer = new ReportWriter(null);
        ReportModel model = ReportModelBuilder.build(org.fsflow.summary.Summarizer.summarize(
                org.fsflow.result.ResultSet.load(dir),
                org.fsflow.result.RunEnvironment.read(dir),
                org.fsflow.summary.RunSource.of(dir)));
        Files.writeString(dir.resolve("verdicts.md"), writer.render("partials/verdicts.md.ftl", model));
        Files.writeString(dir.resolve("verdicts.html"), writer.render("partials/verdicts.html.ftl", model));
        Path expected = input.resolve("expected");
        if (Boolean.getBoolean("fsflow.updateGolden")) {
            for (String f : FILES) {
                Files.copy(dir.resolve(f), expected.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (String f : FILES) {
            assertEquals(Files.readString(expected.resolve(f)), Files.readString(dir.resolve(f)), f);
        }
        String md = Files.readString(dir.resolve("report.md"));
        int headline = md.indexOf("**Against the source: ");
        assertTrue(headline > 0 && headline < md.indexOf("## "), "the headline opens the report");
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.indexOf("id=\"verdicts\"") < html.indexOf("id=\"method\""), "the verdicts come first");
    }

    @Test
    void aRunWithoutFindingsHasNoVerdictsFile() throws IOException {
        Path input = TestPaths.resources("report/verdicts");
        for (String f : List.of("results.jsonl", "environment.json")) {
            Files.copy(input.resolve(f), dir.resolve(f));
        }
        org.fsflow.StoredReport.render(dir);
        assertTrue(!Files.exists(dir.resolve("verdicts.json")));
        assertTrue(!Files.readString(dir.resolve("report.md")).contains("Against the source"));
    }
}
