package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.fsflow.lang.SourceText;
import org.fsflow.place.Where;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Phase;
import org.fsflow.result.Places;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run records its unmeasured phases in timeline.jsonl, each where the host does it, results.jsonl untouched. */
class TimelineRecordingTest {

    @TempDir
    Path dir;

    // the plan of a scenario named t with these keys, its dir: devices SRC and DST made under dir
    private Plan plan(String keys) throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("src"));
        java.nio.file.Files.createDirectories(dir.resolve("dst"));
        String yaml = "fsflow: 1\nname: t\n"
                + keys.replace("SRC", dir.resolve("src").toString())
                        .replace("DST", dir.resolve("dst").toString());
        Scenario s = ScenarioLoader.load(SourceText.of(dir.resolve("s.yaml").toString(), yaml), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(dir.resolve("out"), dir.resolve("work")), 0);
    }

    @Test
    void theHostRecordsDatasetsCommandsAroundAStepAndTheVerifyOfItsCopy() throws Exception {
        Plan plan = plan("""
                devices: { source: { dir: SRC }, target: { dir: DST } }
                datasets: { small: { dirs: 1, files: 2, size: 4KiB } }
                matrix: { dataset: [small] }
                repeat: 2
                steps:
                  - name: copy
                    before: mkdir -p ${target.mnt}/x
                    run: cp -r ${dataset.path} ${target.mnt}
                    verify: true
                    after: touch ${target.mnt}/x/done
                  - name: walk
                    run: du -s ${target.mnt}
                """);
        Path out = plan.layout().out();
        Instant before = Instant.now();
        new Runner(plan, new FakeExecutor(), new RunOptions(new PrintWriter(new StringWriter()), false, false)).run();
        Instant after = Instant.now();

        List<TimelineRow> rows = Timeline.read(out).orElseThrow().rows();
        List<String> phases = rows.stream().map(r -> r.phase() + " " + r.node()).toList();
        assertEquals(
                List.of(
                        "datasets dataset/small",
                        "around small/r1/copy",
                        "verify small/r1/copy",
                        "around small/r1/copy",
                        "around small/r2/copy",
                        "verify small/r2/copy",
                        "around small/r2/copy"),
                phases,
                "the dataset once; around each copy its before:, the verify of its copy and its after:; nothing for walk");
        String host = Places.label(Where.hostname(), org.fsflow.device.Capabilities.kernelRelease(), "host");
        for (TimelineRow r : rows) {
            assertEquals(host, r.place());
            Instant start = Instant.parse(r.startedAt());
            Instant end = Instant.parse(r.endedAt());
            assertTrue(!start.isBefore(before) && !end.isAfter(after) && !end.isBefore(start), r.toString());
        }
        assertTrue(Phase.of(rows.get(2).phase()) == Phase.VERIFY);
        List<Measurement> results = Journal.read(out.resolve(Journal.FILE));
        assertEquals(4, results.size(), "results.jsonl holds the measured steps only");
    }

    @Test
    void aBaselineMeasuredBeforeTheRunIsItsFirstPhaseAtTheHost() throws Exception {
        Plan plan = plan("""
                devices: { target: { dir: DST } }
                steps:
                  - name: walk
                    run: du -s ${target.mnt}
                """);
        Path out = plan.layout().out();
        Runner runner =
                new Runner(plan, new FakeExecutor(), new RunOptions(new PrintWriter(new StringWriter()), false, false));
        Instant start = Instant.parse("2026-12-08T01:25:09.710814640Z");
        runner.baselineMeasured(start, start.plusMillis(30_458));
        runner.run();
        List<TimelineRow> rows = Timeline.read(out).orElseThrow().rows();
        TimelineRow first = rows.get(0);
        assertEquals("baseline baseline", first.phase() + " " + first.node());
        assertEquals(
                Places.label(Where.hostname(), org.fsflow.device.Capabilities.kernelRelease(), "host"), first.place());
        assertEquals(30.458, first.seconds(), 1e-9);
        assertEquals(1, rows.stream().filter(r -> r.phase().equals("baseline")).count());
    }
}
