package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** reports/index.html lists every report with its headline: verdicts first, else the largest significant difference. */
class ReportIndexTest {

    @TempDir
    Path reports;

    @Test
    void everyReportIsListedWithItsHeadline() throws Exception {
        Path golden = TestPaths.resources("report/golden");
        for (String name : List.of("a-run", "b-verdicts", "d-same")) {
            Path d = Files.createDirectories(reports.resolve(name));
            // a-run: xfs copies ten times slower than in the fixture
            List<String> rows = Files.readAllLines(golden.resolve("results.jsonl")).stream()
                    .map(l -> name.equals("a-run")
                                    && l.contains("\"step\":\"copy-in\"")
                                    && l.contains("\"filesystem\":\"xfs\"")
                            ? slower(l)
                            : l)
                    .toList();
            Files.write(d.resolve("results.jsonl"), rows);
            Files.copy(golden.resolve("environment.json"), d.resolve("environment.json"));
            org.fsflow.StoredReport.render(d);
        }
        Files.writeString(
                reports.resolve("b-verdicts/verdicts.json"),
                "{\"fsflow_verdicts\": 1, \"headline\": \"2 of 3 findings reproduced, 1 contradicted\"}");
        Path c = Files.createDirectories(reports.resolve("c-comparison"));
        for (String f : List.of("comparison.csv", "report.md", "report.html")) {
            Files.copy(TestPaths.resources("compare/expected").resolve(f), c.resolve(f));
        }
        Files.createDirectories(reports.resolve("not-a-report"));
        List<ReportIndex.Entry> entries = ReportIndex.entries(reports);
        assertEquals(
                List.of("a-run", "b-verdicts", "c-comparison", "d-same"),
                entries.stream().map(ReportIndex.Entry::dir).toList());
        // every step a tie: each says so
        assertTrue(
                entries.get(3)
                                .headline()
                                .startsWith("Fastest real time per step (≈: not significantly slower): copy-in ")
                        && entries.get(3).headline().contains(" (xfs ≈x"),
                entries.get(3).headline());
        assertEquals(
                "Quick start - ext4 and xfs on a small loop device",
                entries.get(0).title());
        assertTrue(
                entries.get(0)
                                .headline()
                                .startsWith("Fastest real time per step (≈: not significantly slower): copy-in ext4 ")
                        && entries.get(0).headline().contains("copy-in ext4 0.0891 s (xfs x"),
                entries.get(0).headline());
        assertEquals(
                "2 of 3 findings reproduced, 1 contradicted", entries.get(1).headline());
        assertEquals("comparison", entries.get(2).kind());
        assertTrue(
                entries.get(2).headline().startsWith("Largest significant change: small/ext4/copy-in real time x"),
                entries.get(2).headline());
        List<Path> written = ReportIndex.write(reports, new ReportWriter(null));
        String html = Files.readString(written.get(0));
        assertTrue(
                html.contains("<a href=\"./a-run/report.html\">") && html.contains("2 of 3 findings reproduced"), html);
        String again = Files.readString(
                ReportIndex.write(reports, new ReportWriter(null)).get(1));
        assertEquals(Files.readString(written.get(1)), again, "same inputs, same bytes");
    }

    static String slower(String line) {
        try {
            var n = (com.fasterxml.jackson.databind.node.ObjectNode) org.fsflow.result.Json.MAPPER.readTree(line);
            n.put("real_s", n.get("real_s").asDouble() * 10);
            return org.fsflow.result.Json.MAPPER.writeValueAsString(n);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
