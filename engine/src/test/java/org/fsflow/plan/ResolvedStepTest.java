package org.fsflow.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.scenario.Step;
import org.junit.jupiter.api.Test;

/** The planner decides every measured step of scenarios/cds-2009.yaml once, for host and guest cells. */
class ResolvedStepTest {

    private static final Path WORK = Path.of("/work");
    private static final String MNT = "/work/mnt/target";
    private static final String SOURCE = "/work/mnt/source/fsflow-datasets";

    private static Plan cds(String... scales) throws Exception {
        Scenario s = ScenarioLoader.load(
                        TestPaths.root().resolve("scenarios/cds-2009.yaml"),
                        new Overrides(List.of(), Scales.parse(List.of(scales))))
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), WORK), 0);
    }

    private static ResolvedStep step(Plan p, String id) {
        return p.nodes().stream()
                .filter(n -> n.id().equals(id))
                .findFirst()
                .orElseThrow()
                .step();
    }

    @Test
    void aHostCellsCopyHasItsBudgetInBytesItsFlushItsVerifyAndTheHost() throws Exception {
        ResolvedStep copy = step(cds(), "test2/ext3/r1/copy-in");
        assertEquals(2L << 30, copy.memoryBytes());
        assertEquals(MNT, copy.flushTarget());
        assertEquals(new ResolvedStep.Verify("test2", SOURCE + "/test2", MNT + "/test2"), copy.verify());
        assertEquals(ResolvedStep.Place.HOST, copy.place());
        assertFalse(copy.place().guest());
        assertTrue(copy.dropCaches());
        assertEquals(48L * 64 * (4 << 20), copy.expectedBytes());
        assertEquals(Scenario.OnError.SKIP_CELL, copy.onError());
        assertNull(copy.timeout());
        assertEquals(
                List.of("sh", "-c", "cp -r --reflink=never " + SOURCE + "/test2 " + MNT),
                copy.command().argv());
        assertEquals(new ResolvedStep.Target("target", MNT, "ext3"), copy.target());
        assertEquals(1.0, copy.scale());
    }

    @Test
    void aGuestCellRunsUnderItsKernelAtItsScaleWithItsOwnBudget() throws Exception {
        Plan p = cds("1", "guest=0.05");
        ResolvedStep host = step(p, "test3/xfs/r1/copy-within");
        ResolvedStep guest = step(p, "test3/reiserfs/r1/copy-within");
        assertEquals(new ResolvedStep.Place("debian-6.1", "vm"), guest.place());
        assertTrue(guest.place().guest());
        assertEquals(0.05, guest.scale());
        assertEquals(2L << 30, host.memoryBytes());
        Scenario at = p.scenario().forCell(Map.of("dataset", "test3", "filesystem", "reiserfs"));
        assertEquals(at.memory().effectiveBytes(), guest.memoryBytes(), "the budget shrinks with the place's data");
        assertTrue(guest.memoryBytes() < (2L << 30) / 10, String.valueOf(guest.memoryBytes()));
        assertEquals(MNT, guest.flushTarget());
        String guestData = "/work/mnt/source/fsflow-datasets@0.05/test3";
        assertEquals(new ResolvedStep.Verify("test3", guestData, MNT + "/new/test3"), guest.verify());
        assertEquals("mkdir " + MNT + "/new", guest.before().text());
        assertEquals(
                p.scenario()
                        .forCell(Map.of("dataset", "test3", "filesystem", "reiserfs"))
                        .datasets()
                        .get("test3")
                        .expectedBytes(),
                guest.expectedBytes());
    }

    @Test
    void aLoopDevicesNodeIsBoundAtRunTimeAndAFreshGuestReleasesNothing() throws Exception {
        Plan p = cds();
        ResolvedStep mkfs = step(p, "test1/xfs/r1/mkfs");
        assertEquals(Step.Action.MKFS, mkfs.action());
        assertEquals("mkfs.xfs -f -q ${target.dev}", mkfs.command().text());
        assertEquals(
                List.of("blkdiscard", "-f", "${target.dev}"), mkfs.release().argv());
        assertEquals(2L << 30, step(p, "test1/xfs/r1/walk").memoryBytes(), "every step has the cell's budget");
        ResolvedStep bound = mkfs.bind(Map.of("target", "/dev/loop7"));
        assertEquals(
                List.of("mkfs.xfs", "-f", "-q", "/dev/loop7"), bound.command().argv());
        assertEquals("mkfs.xfs -f -q /dev/loop7", bound.command().text());
        assertEquals(List.of("blkdiscard", "-f", "/dev/loop7"), bound.release().argv());
        ResolvedStep guest = step(p, "test1/xfs-vm/r1/mkfs").bind(Map.of("target", "/dev/vda"));
        assertEquals(
                List.of("blkdiscard", "-f", "/dev/vda"),
                guest.release().argv(),
                "a reused guest's disk holds the previous repetition's blocks (vm: reuse, the default)");
        assertEquals("mkfs.xfs -f -q /dev/vda", guest.command().text());
        Scenario fresh = ScenarioLoader.load(
                        TestPaths.root().resolve("scenarios/cds-2009.yaml"),
                        new Overrides(List.of("vm.reuse=false"), Scales.parse(List.of())))
                .scenario();
        Plan once = Planner.plan(fresh, new Layout(Path.of("/out"), WORK), 0);
        assertNull(step(once, "test1/xfs-vm/r1/mkfs").release(), "without reuse a guest's disk is a fresh image");
        assertEquals(
                List.of("blkdiscard", "-f", "${target.dev}"),
                step(once, "test1/xfs/r1/mkfs").release().argv());
    }

    @Test
    void theStepsOwnTimeoutAndPolicyWinOverTheScenarios() throws Exception {
        Scenario s = ScenarioLoader.load(SourceText.of("t.yaml", """
                                fsflow: 1
                                name: t
                                devices: { target: { dir: /tmp/t } }
                                timeout: 10m
                                on_error: abort
                                steps:
                                  - name: a
                                    run: [echo, "${target.mnt}"]
                                  - name: b
                                    run: "true"
                                    timeout: 30s
                                    on_error: continue
                                    memory: 128MiB
                                  - mkfs
                                """), Overrides.NONE)
                .scenario();
        Plan p = Planner.plan(s, new Layout(Path.of("/out"), WORK), 0);
        ResolvedStep a = step(p, "r1/a");
        ResolvedStep b = step(p, "r1/b");
        assertEquals(Duration.ofMinutes(10), a.timeout());
        assertEquals(Scenario.OnError.ABORT, a.onError());
        assertEquals(-1, a.memoryBytes());
        assertEquals(List.of("echo", "/tmp/t"), a.command().argv());
        assertFalse(a.command().shell());
        assertEquals(Duration.ofSeconds(30), b.timeout());
        assertEquals(Scenario.OnError.CONTINUE, b.onError());
        assertEquals(128L << 20, b.memoryBytes());
        assertTrue(b.command().shell());
        assertTrue(step(p, "r1/mkfs").skipped(), "mkfs on a directory device");
        assertNull(step(p, "r1/mkfs").command().argv());
    }
}
