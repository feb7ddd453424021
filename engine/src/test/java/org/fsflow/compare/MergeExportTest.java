package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.cli.Cli;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merge keeps rows byte for byte but for the axis; exports carry the intervals. */
class MergeExportTest {

    @TempDir
    Path dir;

    static Path res(String name) {
        return TestPaths.resources("compare/" + name);
    }

    @Test
    void mergedRowsDifferFromTheOriginalsOnlyByTheAxis() throws Exception {
        Path out = dir.resolve("merged");
        Cli r = Cli.run("merge", res("base").toString(), res("other").toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("along 'run'"), "nothing but the directory tells them apart: " + r.out());
        List<String> merged = Files.readAllLines(out.resolve(Journal.FILE));
        List<String> originals =
                new java.util.ArrayList<>(Files.readAllLines(res("base").resolve(Journal.FILE)));
        originals.addAll(Files.readAllLines(res("other").resolve(Journal.FILE)));
        assertEquals(originals.size(), merged.size());
        for (int i = 0; i < merged.size(); i++) {
            String value = i < 36 ? "base" : "other";
            String expected = originals
                    .get(i)
                    .replaceFirst("^\\{\"node\":\"", "{\"node\":\"" + value + "/")
                    .replaceFirst("\"cell\":\\{", "\"cell\":{\"run\":\"" + value + "\",");
            assertEquals(expected, merged.get(i));
        }
        Measurement first = Journal.read(out.resolve(Journal.FILE)).get(0);
        assertEquals(
                List.of("run", "dataset", "filesystem"),
                List.copyOf(first.cell().keySet()));
        assertEquals(-1, Files.mismatch(res("base").resolve(Journal.FILE), out.resolve("runs/base/results.jsonl")));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("base/ext4") && md.contains("other/ext4"), "the report shows both runs side by side");
    }

    @Test
    void rowsOfRunsAtDifferentScalesKeepTheirRunsScale() throws Exception {
        // two copies of one run, the second recorded at --scale 0.05; their rows predate the field
        Path small = dir.resolve("small");
        Files.createDirectories(small);
        Files.copy(res("other").resolve(Journal.FILE), small.resolve(Journal.FILE));
        com.fasterxml.jackson.databind.node.ObjectNode env = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(res("other").resolve("environment.json").toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) env.with("settings")).put("scale", 0.05);
        Files.write(small.resolve("environment.json"), Json.MAPPER.writeValueAsBytes(env));
        Path out = dir.resolve("merged");
        Cli r = Cli.run("merge", res("base").toString(), small.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<Measurement> rows = Journal.read(out.resolve(Journal.FILE));
        double baseScale = Json.MAPPER
                .readTree(res("base").resolve("environment.json").toFile())
                .path("settings")
                .path("scale")
                .asDouble(1);
        assertEquals(baseScale, rows.get(0).scale());
        assertEquals(0.05, rows.get(rows.size() - 1).scale());
        // everything else of a row is as merged along the axis alone
        String last = Files.readAllLines(small.resolve(Journal.FILE)).get(rows.size() - 37);
        String merged = Files.readAllLines(out.resolve(Journal.FILE)).get(rows.size() - 1);
        assertEquals(
                org.fsflow.result.Splice.withScale(org.fsflow.result.Splice.withAxis(last, "run", "small"), 0.05),
                merged);
    }

    @Test
    void mergingAlongAConditionThatDoesNotDifferIsRefused() {
        List<Run> runs = List.of(Run.load(res("base")), Run.load(res("other")));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Merger.merge(runs, dir.resolve("m"), "kernel"));
        assertTrue(e.getMessage().contains("do not differ by 'kernel'"), e.getMessage());
    }

    @Test
    void bencherMetricFormatHoldsTheMeanAndItsInterval() throws Exception {
        JsonNode bmf = Json.MAPPER.readTree(Exporter.bmf(Run.load(res("other"))));
        JsonNode copy = bmf.get("small/ext4/copy-in").get("real_s");
        assertEquals(0.91, copy.get("value").asDouble(), 1e-12);
        assertTrue(copy.get("lower_value").asDouble() < 0.91
                && copy.get("upper_value").asDouble() > 0.91);
        JsonNode ratio = Json.MAPPER
                .readTree(Exporter.bmf(ComparisonReportTest.fixture()))
                .get("small/ext4/copy-in")
                .get("real_s-ratio");
        assertEquals(10.219, ratio.get("value").asDouble(), 1e-3);
        assertEquals(8.811, ratio.get("lower_value").asDouble(), 1e-3);
    }

    @Test
    void bencherLowerBoundsOfFiguresThatCannotBeNegativeStopAtZero() throws Exception {
        // the IOPS of three fio runs on ext4: mean 1531, t interval of n = 3 from -104 to 3166
        Path run = dir.resolve("fio");
        Files.createDirectories(run);
        Files.writeString(
                run.resolve("environment.json"),
                "{\"scenario\": \"fio\", \"campaign\": {\"steps\":"
                        + " [\"fio\"], \"filesystems\": [\"ext4\"], \"datasets\": {}, \"devices\": {}}}");
        double[] iops = {1540, 868, 2185};
        double[] delta = {-5, 1, 30};
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            for (int r = 0; r < 3; r++) {
                j.append(Measurement.builder("ext4/r" + (r + 1) + "/fio", "fio")
                        .filesystem("ext4")
                        .repeat(r + 1)
                        .cell(java.util.Map.of("filesystem", "ext4"))
                        .status(org.fsflow.result.Status.OK)
                        .realS(10.3)
                        .metrics(java.util.Map.of("job.write.iops", iops[r], "delta", delta[r]))
                        .build());
            }
        }
        JsonNode bench = Json.MAPPER.readTree(Exporter.bmf(Run.load(run))).get("ext4/fio");
        JsonNode i = bench.get("job.write.iops");
        org.apache.commons.math3.stat.descriptive.DescriptiveStatistics d =
                new org.apache.commons.math3.stat.descriptive.DescriptiveStatistics(iops);
        double half = new org.apache.commons.math3.distribution.TDistribution(2).inverseCumulativeProbability(0.975)
                * d.getStandardDeviation()
                / Math.sqrt(3);
        assertTrue(d.getMean() - half < 0, "the t interval itself reaches below 0");
        assertEquals(0.0, i.get("lower_value").asDouble());
        assertEquals(d.getMean() + half, i.get("upper_value").asDouble(), 1e-9);
        assertTrue(
                bench.get("delta").get("lower_value").asDouble() < -5, "a figure with negative values keeps its bound");
    }

    @Test
    void githubActionBenchmarkGetsOneDirectionPerFile() throws Exception {
        JsonNode smaller = Json.MAPPER.readTree(Exporter.gab(Run.load(res("base")), false));
        assertTrue(smaller.isArray() && smaller.size() > 0);
        for (JsonNode e : smaller) {
            assertTrue(e.has("name") && e.has("unit") && e.has("value"), e.toString());
            assertTrue(!e.get("name").asText().endsWith("cpu_pct"), "no direction, not exported: " + e);
        }
        JsonNode ratios = Json.MAPPER.readTree(Exporter.gab(ComparisonReportTest.fixture()));
        assertTrue(ratios.toString().contains("small/ext4/copy-in real_s (other / base)"), ratios.toString());
        Cli r = Cli.run("export", "gab", res("base").toString(), "--bigger");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("[ ]", r.out().strip(), "a run without throughput has nothing better bigger");
    }
}
