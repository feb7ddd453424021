package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each method warning is raised by its own rule, on its own evidence, and only then. */
class WarningRulesTest {

    @TempDir
    Path dir;

    static final Map<String, String> CELL = Map.of("filesystem", "ext4");

    RunEnvironment env(String json) throws IOException {
        Files.writeString(dir.resolve(RunEnvironment.FILE), json);
        return RunEnvironment.read(dir);
    }

    static Evidence evidence(List<Measurement> rows, RunEnvironment env) {
        ResultSet results = ResultSet.of(rows);
        return new Evidence(results, env, Summarizer.summarize(results, env).datasets());
    }

    static List<Measurement> steady(int n, double... extra) {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= n; r++) {
            rows.add(Rows.row("n" + r, CELL, r, "copy", Status.OK, 10.0 + r * 0.01, null));
        }
        for (double v : extra) {
            rows.add(Rows.row("x", CELL, rows.size() + 1, "copy", Status.OK, v, null));
        }
        return rows;
    }

    @Test
    void fewRepetitions() throws IOException {
        RunEnvironment env = env("{}");
        assertEquals(1, new FewRepetitionsRule().check(evidence(steady(2), env)).size());
        assertEquals(List.of(), new FewRepetitionsRule().check(evidence(steady(3), env)));
    }

    @Test
    void highVariationAndOutliersNameTheSeries() throws IOException {
        Evidence e = evidence(steady(5, 30.0), env("{}"));
        List<String> cv = new HighVariationRule().check(e);
        assertEquals(1, cv.size());
        assertTrue(
                cv.get(0).startsWith("1 series vary by more than 5.0 % (coefficient of variation): ext4/copy "),
                cv.get(0));
        assertEquals(
                List.of("Outliers (modified z-score above 3.5) in ext4/copy (1): they are kept in the means; see "
                        + "the raw measurements."),
                new OutliersRule().check(e));
        Evidence quiet = evidence(steady(5), env("{}"));
        assertEquals(List.of(), new HighVariationRule().check(quiet));
        assertEquals(List.of(), new OutliersRule().check(quiet));
    }

    @Test
    void pageCacheOnlyWithoutDroppedCaches() throws IOException {
        String campaign = "\"campaign\": {\"datasets\": {\"small\": {\"files\": 1, \"bytes\": 1024}, "
                + "\"big\": {\"files\": 1, \"bytes\": 4096}}, \"drop_caches_steps\": %s}";
        RunEnvironment noDrop = env("{\"memory_bytes\": 2048, " + campaign.formatted("[]") + "}");
        assertEquals(
                List.of("Dataset small (1.0 KiB) is smaller than twice the RAM (4.0 KiB) and no step drops "
                        + "caches: reads may come from the page cache, not the device."),
                new PageCacheRule().check(evidence(steady(3), noDrop)));
        RunEnvironment dropped = env("{\"memory_bytes\": 2048, " + campaign.formatted("[\"read\"]") + "}");
        assertEquals(List.of(), new PageCacheRule().check(evidence(steady(3), dropped)));
    }

    @Test
    void scaledLaunchFloorAndFailures() throws IOException {
        RunEnvironment env = env("{\"settings\": {\"scale\": 0.1}, \"launch_floor\": {\"real_s_median\": 2.0}}");
        List<Measurement> rows = new ArrayList<>(steady(3));
        rows.add(Rows.row("f", CELL, 4, "copy", Status.FAILED, 1.0, "exit 1"));
        Evidence e = evidence(rows, env);
        assertEquals(
                List.of("Datasets and fsflow-created devices were shrunk by --scale 0.1: these are not the "
                        + "published sizes."),
                new ScaledRule().check(e));
        assertEquals(
                List.of("3 measurements last less than ten times the launch floor (2000 ms): process start-up "
                        + "weighs on them."),
                new LaunchFloorRule().check(e));
        assertEquals(
                List.of("1 steps failed or timed out; they are listed below and left out of every mean."),
                new FailuresRule().check(e));
        Evidence plain = evidence(steady(3), env("{}"));
        assertEquals(List.of(), new ScaledRule().check(plain));
        assertEquals(List.of(), new LaunchFloorRule().check(plain));
        assertEquals(List.of(), new FailuresRule().check(plain));
    }

    @Test
    void theSummaryHasEveryRulesWarningsInTableOrder() throws IOException {
        RunEnvironment env = env("{\"settings\": {\"scale\": 0.5}}");
        RunSummary s = Summarizer.summarize(ResultSet.of(steady(2)), env);
        assertEquals(2, s.warnings().size(), s.warnings().toString());
        assertTrue(s.warnings().get(0).contains("fewer than 3"));
        assertTrue(s.warnings().get(1).contains("--scale 0.5"));
    }
}
