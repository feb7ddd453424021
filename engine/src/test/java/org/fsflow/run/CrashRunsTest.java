package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.crash.CrashCell;
import org.fsflow.crash.CrashClass;
import org.fsflow.crash.CrashPhases;
import org.fsflow.crash.CrashRows;
import org.fsflow.crash.GuestRecovery;
import org.fsflow.crash.Recovery;
import org.fsflow.crash.Tree;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash cells run by the runner with a fake cell (no guest): one row per point, all journaled
 * together, the log kept only with a violation, done cells kept on resume, a torn cell cut.
 */
class CrashRunsTest {

    static final String TEXT = """
            fsflow: 1
            name: c
            kernels: { k: { debian: linux-image-6.1.0-57-amd64 } }
            filesystems: { ext4: {}, xfs: {} }
            crash:
              kernel: k
              filesystems: [ext4, xfs]
              points: 2
              workloads: { w: "echo a > a; durable ./a; mark one" }
            """;

    @TempDir
    Path dir;

    private final List<String> ran = new ArrayList<>();

    private Plan plan() throws Exception {
        var s = ScenarioLoader.load(SourceText.of("c.yaml", TEXT), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(dir.resolve("out"), dir.resolve("work")), 9);
    }

    // ext4: three clean points; xfs: a clean one and a durable file missing
    private CrashCell.Result fake(
            CrashCell.Request r, java.util.function.LongConsumer onStart, Path keep, CrashPhases phases)
            throws java.io.IOException {
        ran.add(r.name());
        GuestRecovery.Outcome o = new GuestRecovery.Outcome(true, 0.5, true, 0.25, null, Tree.EMPTY);
        Recovery clean = new Recovery(CrashClass.CLEAN, List.of(), 0, 0, 1, 10);
        Recovery missing = new Recovery(CrashClass.DURABLE_MISSING, List.of("a: durable-missing"), 1, 2, 0, 0);
        boolean xfs = r.fsType().equals("xfs");
        List<CrashCell.Point> points = xfs
                ? List.of(new CrashCell.Point(5, "one", clean, o), new CrashCell.Point(7, "after one", missing, o))
                : List.of(
                        new CrashCell.Point(3, "one", clean, o),
                        new CrashCell.Point(4, "after one", clean, o),
                        new CrashCell.Point(6, "after one", clean, o));
        Path log = null;
        if (xfs) {
            Files.createDirectories(keep.getParent());
            log = Files.writeString(keep, "log");
        }
        assertEquals(2, r.points());
        assertEquals(9, r.seed(), "the run's seed draws the points");
        return new CrashCell.Result(1.0, 10, points, log, org.fsflow.vm.Accel.TCG);
    }

    private Runner.Summary run(Plan plan, boolean resume) {
        Recorder recorder = new Recorder(plan, progress(plan));
        Path journal = plan.layout().out().resolve(Journal.FILE);
        if (resume) {
            CrashRows.cutPartialTail(journal);
            recorder.keep(Journal.read(journal));
        }
        try (Journal j = Journal.open(journal)) {
            recorder.writeTo(j);
            new CrashRuns(plan, recorder, line -> {}, this::fake).run();
        }
        return recorder.summary();
    }

    private static Progress progress(Plan plan) {
        return new Progress(new PrintWriter(new StringWriter(), true), false, plan);
    }

    @Test
    void everyPointIsOneRowAndTheLogIsKeptOnlyWithAViolation() throws Exception {
        Plan plan = plan();
        assertEquals(5, run(plan, false).ok());
        List<Measurement> rows = Journal.read(plan.layout().out().resolve(Journal.FILE));
        assertEquals(5, rows.size());
        Measurement first = rows.get(0);
        assertEquals("crash/ext4/w/3", first.node());
        assertEquals(Map.of("filesystem", "ext4", "workload", "w"), first.cell());
        assertEquals(0.75, first.realS(), 1e-9);
        assertEquals("clean", first.crash().crashClass());
        assertEquals(3, first.crash().points());
        assertNull(first.crash().log());
        Measurement bad = rows.get(4);
        assertEquals("durable-missing", bad.crash().crashClass());
        assertEquals("crash-logs/xfs-w.log.gz", bad.crash().log());
        assertTrue(bad.crash().violation());
        ResultSet r = ResultSet.load(plan.layout().out());
        assertEquals(5, r.crash().points().size());
        assertEquals(List.of(), r.series(), "crash rows stay out of the steps' series");
    }

    @Test
    void resumeKeepsWholeCellsAndRunsATornOneAgainWithoutCountingItTwice() throws Exception {
        Plan plan = plan();
        run(plan, false);
        Path journal = plan.layout().out().resolve(Journal.FILE);
        List<String> lines = Files.readAllLines(journal);
        // a kill in the middle of the xfs cell's write: its first row made it, the second did not
        Files.write(journal, lines.subList(0, 4));
        ran.clear();
        run(plan, true);
        assertEquals(List.of("fsflow-crash-xfs-w"), ran, "ext4 kept, xfs run again");
        List<Measurement> rows = Journal.read(journal);
        assertEquals(5, rows.size(), rows.toString());
        assertEquals(2, rows.stream().filter(m -> m.filesystem().equals("xfs")).count());
        ran.clear();
        run(plan, true);
        assertEquals(List.of(), ran, "nothing left to run");
        assertFalse(CrashRows.cutPartialTail(journal));
    }
}
