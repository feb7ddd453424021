package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

class ProgressTest {

    private static final String TEXT = """
            fsflow: 1
            name: p
            devices:
              target: { loop: { size: 1G } }
            filesystems: { ext4: {}, reiserfs: {} }
            datasets:
              a: { dirs: 1, files: 2, size: 1KiB }
            matrix: { dataset: [a], filesystem: [ext4, reiserfs] }
            order: sequential
            repeat: 2
            steps:
              - mkfs
              - mount
              - name: copy
                run: cp -r ${dataset.path} ${target.mnt}
              - umount
            """;

    private final StringWriter text = new StringWriter();

    private static Plan plan() throws Exception {
        var s = ScenarioLoader.load(SourceText.of("p.yaml", TEXT), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    private static List<PlanNode> measured(Plan p) {
        return p.nodes().stream().filter(PlanNode::measured).toList();
    }

    private static Measurement m(PlanNode n, Status status, Double seconds, String reason) {
        return Measurement.builder(n.id(), n.step().name())
                .cell(n.cell().coordinates())
                .repeat(n.repeat())
                .status(status)
                .realS(seconds)
                .reason(reason)
                .build();
    }

    /** Runs the plan's events: ext4 steps take 1 s each (the copy 4 s), reiserfs is skipped. */
    private Progress replay(boolean live) throws Exception {
        Plan p = plan();
        Progress progress = new Progress(new PrintWriter(text, true), live, p);
        for (PlanNode n : measured(p)) {
            progress.starting(n, 1, 4);
            boolean skip = n.cell().filesystem().equals("reiserfs");
            progress.finished(
                    n,
                    skip
                            ? m(n, Status.SKIPPED, null, "kernel has no reiserfs support")
                            : m(n, Status.OK, n.step().name().equals("copy") ? 4.0 : 1.0, null));
        }
        progress.end();
        return progress;
    }

    @Test
    void aSkippedCellRepetitionIsOneLineWithItsReason() throws Exception {
        replay(false);
        List<String> skipLines = text.toString()
                .lines()
                .filter(l -> l.matches("\\S+ +skipped  .*"))
                .toList();
        assertEquals(
                List.of("a/reiserfs/r1", "a/reiserfs/r2"),
                skipLines.stream().map(l -> l.split(" +")[0]).toList(),
                text.toString());
        assertTrue(skipLines.get(0).endsWith("kernel has no reiserfs support"), skipLines.get(0));
        assertEquals(
                8, text.toString().lines().filter(l -> l.contains("a/ext4/r")).count(), "one plain line per step");
    }

    @Test
    void theClosingTableCountsEachFilesystem() throws Exception {
        replay(false);
        List<String> lines = text.toString().lines().toList();
        int head = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("filesystem"))
                .findFirst()
                .orElseThrow());
        assertEquals(
                List.of("ext4", "8", "0", "0", "0:14"),
                List.of(lines.get(head + 1).trim().split(" +")));
        assertEquals(
                List.of("reiserfs", "0", "0", "8", "0:00"),
                List.of(lines.get(head + 2).trim().split(" +")));
    }

    @Test
    void theLiveLineShowsCellStepRepetitionElapsedAndAnEtaFromTheMeasuredSteps() throws Exception {
        Plan p = plan();
        Progress progress = new Progress(new PrintWriter(text, true), true, p);
        List<PlanNode> nodes = measured(p);
        for (PlanNode n : nodes.subList(0, 4)) {
            progress.finished(n, m(n, Status.OK, n.step().name().equals("copy") ? 4.0 : 1.0, null));
        }
        // left: ext4 r2 (same steps: 1 + 1 + 4 + 1 s) and reiserfs, unseen, from the same steps' means
        String status = progress.status(nodes.get(4));
        assertTrue(
                status.matches("\\[4/16 steps, cell run 0/0] a/ext4  repetition 2/2  step mkfs  elapsed 0:0\\d"
                        + "  ETA 0:21"),
                status);
        assertTrue(text.toString().isEmpty() || text.toString().startsWith("\r"), "ok steps only redraw the line");
    }

    @Test
    void aSkippedCellCostsNothingInTheEta() throws Exception {
        Plan p = plan();
        Progress progress = new Progress(new PrintWriter(text, true), false, p);
        List<PlanNode> nodes = measured(p);
        for (PlanNode n : nodes.subList(0, 8)) {
            progress.finished(n, m(n, Status.OK, 1.0, null));
        }
        PlanNode first = nodes.get(8);
        progress.finished(first, m(first, Status.SKIPPED, null, "no reiserfs"));
        // r1 of reiserfs is being skipped; r2 (4 steps of 1 s) is still expected
        assertTrue(progress.status(nodes.get(9)).endsWith("ETA 0:04"), progress.status(nodes.get(9)));
    }

    @Test
    void aRepetitionAddedByARoundJoinsTheCountOfStepsToRun() throws Exception {
        Plan p = plan();
        Progress progress = new Progress(new PrintWriter(text, true), false, p);
        for (PlanNode n : measured(p)) {
            progress.finished(n, m(n, Status.OK, 1.0, null));
        }
        List<PlanNode> extra = Planner.extraUnit(p, p.cells().get(0), 3);
        progress.planned(
                List.of(new org.fsflow.place.CellPlace.Unit(extra.get(0).cell(), 3, extra, java.util.Map.of(), 5)));
        PlanNode next = extra.stream().filter(PlanNode::measured).findFirst().orElseThrow();
        String status = progress.status(next);
        assertTrue(status.startsWith("[16/20 steps"), status);
        assertTrue(status.endsWith("ETA 0:04"), status);
        progress.finished(next, m(next, Status.OK, 1.0, null));
        assertTrue(text.toString().contains("[17/20] " + next.id()), text.toString());
    }
}
