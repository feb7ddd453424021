package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.compare.Comparison.Row;
import org.fsflow.compare.Confounders.Difference;
import org.fsflow.result.Json;
import org.junit.jupiter.api.Test;

/** Marks, the gate and the confounders on the golden fixture and on hand-made environments. */
class ComparerTest {

    static Row row(Comparison c, String where, String metric) {
        return c.rows().stream()
                .filter(r -> r.where().equals(where) && r.metric().equals(metric))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aTenfoldSlowerCopyIsWorseAndAnUntouchedStepIsNot() {
        Comparison c = ComparisonReportTest.fixture();
        assertEquals(Mark.WORSE, row(c, "small/ext4/copy-in", "real_s").mark());
        assertEquals(Mark.SAME, row(c, "small/ext4/walk", "real_s").mark());
        assertEquals(Mark.SAME, row(c, "small/ext4/walk", "major_faults").mark(), "identical zeros");
        assertTrue(Double.isNaN(row(c, "small/ext4/walk", "major_faults").q()), "identical zeros are no hypothesis");
    }

    @Test
    void theGateListsOnlySignificantChangesBeyondItsThreshold() {
        Comparison c = ComparisonReportTest.fixture();
        List<String> failing = Gate.parse("worse:5%").failures(c).stream()
                .map(r -> r.where() + " " + r.metric())
                .toList();
        // write_bytes went from 0 to 12288 in all three repetitions: p = 0.1 by permutation, not significant
        assertEquals(List.of("small/ext4/copy-in real_s"), failing);
        assertEquals(List.of(), new Gate(9.5).failures(c), "tenfold is beyond 5 % but not beyond 950 %");
        assertThrows(IllegalArgumentException.class, () -> Gate.parse("slower:5"));
        assertEquals(0.125, Gate.parse(" worse:12.5% ").threshold(), 1e-12);
    }

    @Test
    void higherIsBetterMetricsAreJudgedTheOtherWay() {
        Row slower = row(ComparisonReportTest.fixture(), "small/ext4/copy-in", "real_s");
        Row asThroughput = new Row(
                "",
                "",
                "s",
                "",
                "put_block_kib_s",
                "KiB/s",
                org.fsflow.result.MetricTable.Direction.HIGHER_IS_BETTER,
                "x",
                slower.base(),
                slower.other(),
                slower.ratio(),
                slower.p(),
                0.001,
                null,
                null);
        assertEquals(Mark.BETTER, Comparer.mark(asThroughput, 0.001));
        assertEquals(Mark.SAME, Comparer.mark(asThroughput, 0.2));
    }

    static List<org.fsflow.result.Measurement> copies(long written, double real) {
        List<org.fsflow.result.Measurement> rows = new java.util.ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(org.fsflow.result.Measurement.builder("d/ext4/r" + r + "/copy-in", "copy-in")
                    .dataset("d")
                    .filesystem("ext4")
                    .repeat(r)
                    .cell(Map.of("dataset", "d", "filesystem", "ext4"))
                    .command("cp -r a b")
                    .status(org.fsflow.result.Status.OK)
                    .realS(real + r * 0.01)
                    .writeBytes(written + r)
                    .build());
        }
        return rows;
    }

    static Comparison copyIn(long baseWritten, long otherWritten) {
        ObjectNode env = Json.MAPPER.createObjectNode();
        Run base = stored(
                "defaults", Path.of("a"), org.fsflow.result.ResultSet.of(copies(baseWritten, 0.1)), env, Map.of());
        Run other =
                stored("sync", Path.of("b"), org.fsflow.result.ResultSet.of(copies(otherWritten, 1.4)), env, Map.of());
        return Comparer.compare(List.of(base, other), null);
    }

    @Test
    void aSideThatWroteNothingToItsDeviceConfoundsTheComparison() {
        // the page cache against the disk: defaults wrote 0 B, sync its 256 MiB
        Comparison c = copyIn(0, 256L << 20);
        assertEquals(Mark.CONFOUNDED, row(c, "d/ext4/copy-in", "real_s").mark());
        assertTrue(
                Gate.parse("worse:5%").failures(c).stream()
                        .noneMatch(r -> r.metric().equals("real_s")),
                "a confounded time is not a regression");
        // both wrote their data: a real comparison
        assertEquals(
                Mark.WORSE,
                row(copyIn(256L << 20, 256L << 20), "d/ext4/copy-in", "real_s").mark());
        // both wrote nothing: page cache against page cache, also a fair comparison
        assertEquals(
                Mark.WORSE, row(copyIn(0, 4096), "d/ext4/copy-in", "real_s").mark());
    }

    @Test
    void cellsOfDifferentScalesAreNotCompared() {
        // the other run's rows say they ran at 0.05; the baseline's rows predate the field: its run.json's 1
        ObjectNode baseEnv = Json.MAPPER.createObjectNode();
        baseEnv.putObject("settings").put("scale", 1.0);
        List<org.fsflow.result.Measurement> small = copies(256L << 20, 0.1).stream()
                .map(m -> m.toBuilder().scale(0.05).build())
                .toList();
        Run base = stored(
                "full", Path.of("a"), org.fsflow.result.ResultSet.of(copies(256L << 20, 1.4)), baseEnv, Map.of());
        Run other = stored(
                "small", Path.of("b"), org.fsflow.result.ResultSet.of(small), Json.MAPPER.createObjectNode(), Map.of());
        Comparison c = Comparer.compare(List.of(base, other), null);
        Row r = row(c, "d/ext4/copy-in", "real_s");
        assertEquals(Mark.DIFFERENT_SCALES, r.mark());
        assertTrue(Double.isNaN(r.p()) && Double.isNaN(r.q()), "no test");
        assertEquals(0, c.tested());
        assertTrue(RatioLines.lines(c.rows()).isEmpty(), "no ratio drawn");
        assertTrue(c.summaries().stream().allMatch(f -> Double.isNaN(f.timeGeomean())), "no summary");
        // the same scale on both sides is compared
        assertEquals(
                Mark.BETTER,
                row(
                                Comparer.compare(
                                        List.of(
                                                base.labelled("x"),
                                                stored(
                                                        "y",
                                                        Path.of("c"),
                                                        org.fsflow.result.ResultSet.of(copies(256L << 20, 0.1)),
                                                        baseEnv,
                                                        Map.of())),
                                        null),
                                "d/ext4/copy-in",
                                "real_s")
                        .mark());
    }

    /** A run of {@code rows} whose environment.json would be {@code env}. */
    static Run stored(
            String label, Path dir, org.fsflow.result.ResultSet rows, ObjectNode env, Map<String, String> params) {
        try {
            return new Run(
                    label,
                    dir,
                    rows,
                    Json.MAPPER.treeToValue(env, org.fsflow.result.RunEnvironment.class),
                    org.fsflow.result.EnvironmentFile.leaves(env),
                    params);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Run run(String label, String kernel, String host, Map<String, String> params) {
        return run(label, kernel, host, params, Json.MAPPER.createObjectNode());
    }

    static Run run(String label, String kernel, String host, Map<String, String> params, ObjectNode campaign) {
        ObjectNode env = Json.MAPPER
                .createObjectNode()
                .put("kernel", kernel)
                .put("host", host)
                .put("cpu_model", host);
        env.putObject("load_average").put("load_1m", label.length() + 0.5);
        env.putObject("settings").put("out", "reports/" + label).put("scale", 1.0);
        if (!campaign.isEmpty()) {
            env.set("campaign", campaign);
        }
        return stored(label, Path.of(label), org.fsflow.result.ResultSet.of(List.of()), env, params);
    }

    @Test
    void theAxisCoversItsFactsAndEverythingElseIsAConfounder() {
        List<Difference> d =
                Confounders.diff(List.of(run("a", "6.1", "h1", Map.of()), run("b", "6.12", "h2", Map.of())), "kernel");
        assertEquals(
                List.of("kernel"),
                d.stream().filter(Difference::axis).map(Difference::fact).toList());
        assertEquals(
                List.of("cpu_model", "host"),
                d.stream().filter(x -> !x.axis()).map(Difference::fact).toList());
        List<Difference> byHost =
                Confounders.diff(List.of(run("a", "6.1", "h1", Map.of()), run("b", "6.1", "h2", Map.of())), "host");
        assertTrue(byHost.stream().allMatch(Difference::axis), "a host brings its CPU: " + byHost);
    }

    @Test
    void theLoopNodeAnImageHappenedToGetIsNotACondition() {
        ObjectNode onLoop1 = Json.MAPPER.createObjectNode();
        onLoop1.putObject("devices")
                .putObject("target")
                .put("node", "/dev/loop1")
                .put("direct_io", true);
        ObjectNode onLoop2 = Json.MAPPER.createObjectNode();
        onLoop2.putObject("devices")
                .putObject("target")
                .put("node", "/dev/loop2")
                .put("direct_io", false);
        Run a = run("a", "6.1", "h", Map.of(), onLoop1);
        Run b = run("b", "6.1", "h", Map.of(), onLoop2);
        assertEquals(
                List.of("campaign.devices.target.direct_io"),
                Confounders.diff(List.of(a, b), null).stream()
                        .map(Difference::fact)
                        .toList());
    }

    @Test
    void aParamThatFeedsTheAxisIsHowTheAxisWasSet() {
        Run a = run("a", "6.1", "h", Map.of("k", "6.1", "size", "1G"));
        Run b = run("b", "6.12", "h", Map.of("k", "6.12", "size", "2G"));
        List<Difference> d = Confounders.diff(List.of(a, b), "kernel");
        assertEquals(
                List.of("kernel", "params.k"),
                d.stream().filter(Difference::axis).map(Difference::fact).toList());
        assertEquals(
                List.of("params.size"),
                d.stream().filter(x -> !x.axis()).map(Difference::fact).toList());
    }
}
