package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.CrashPlan;
import org.junit.jupiter.api.Test;

/** The crash: section read, its defaults, and the cells the published scenario resolves to. */
class CrashSectionTest {

    @Test
    void thePublishedScenarioHasSixFilesystemsTwoWorkloadsAndAHundredPointsEach() throws Exception {
        Scenario s = ScenarioLoader.load(TestPaths.root().resolve("scenarios/crash-recovery.yaml"), Overrides.NONE)
                .scenario();
        Crash c = s.crash();
        assertEquals(
                List.of("ext4-ordered", "ext4-journal", "xfs", "btrfs", "reiserfs", "jfs"),
                List.copyOf(c.filesystems().keySet()));
        assertEquals(List.of("spool", "sequential"), List.copyOf(c.workloads().keySet()));
        assertEquals(100, c.points());
        assertEquals(384L << 20, c.targetBytes());
        assertTrue(
                c.workloads().get("spool").contains("while [ $i -lt 40 ]"),
                c.workloads().get("spool"));
        List<CrashPlan.Cell> cells = CrashPlan.of(s, 26);
        assertEquals(12, cells.size());
        CrashPlan.Cell journal = cells.get(2);
        assertEquals("crash/ext4-journal/spool", journal.id());
        assertEquals("data=journal", journal.mountOptions());
        assertEquals("mkfs.ext4 -F -q $DEV", journal.mkfs());
        assertEquals("fsck.ext4 -fn $DEV", journal.check());
        CrashPlan.Cell reiserfs = cells.get(8);
        assertEquals("reiserfsck --fix-fixable --yes $DEV", reiserfs.repair());
        assertEquals("reiserfs", reiserfs.module());
    }

    @Test
    void setChangesThePointsAndTheWorkloadsThroughParams() throws Exception {
        Scenario s = ScenarioLoader.load(
                        TestPaths.root().resolve("scenarios/crash-recovery.yaml"),
                        new Overrides(List.of("points=2", "messages=3"), 1.0))
                .scenario();
        assertEquals(2, s.crash().points());
        assertTrue(s.crash().workloads().get("spool").contains("while [ $i -lt 3 ]"));
    }

    @Test
    void recoveryByTypeOrNameReplacesTheDefaultsAndAScenarioWithoutCrashHasNone() throws Exception {
        String text = """
                fsflow: 1
                name: t
                kernels: { k: { debian: linux-image-6.1.0-57-amd64 } }
                filesystems: { xfs: {}, xfs-big: { type: xfs, mkfs_options: [-b, size=1024] } }
                crash:
                  kernel: k
                  filesystems: [xfs, xfs-big]
                  workloads: { w: "echo a > a; durable ./a; mark one" }
                  recovery:
                    xfs: { repair: xfs_repair -L $DEV }
                """;
        Scenario s = ScenarioLoader.load(SourceText.of("t.yaml", text), Overrides.NONE)
                .scenario();
        List<CrashPlan.Cell> cells = CrashPlan.of(s, 1);
        assertEquals("xfs_repair -n $DEV", cells.get(0).check());
        assertEquals("xfs_repair -L $DEV", cells.get(0).repair());
        assertEquals("xfs_repair -L $DEV", cells.get(1).repair(), "by type");
        assertEquals("mkfs.xfs -f -q -b size=1024 $DEV", cells.get(1).mkfs());
        assertEquals(Crash.POINTS, s.crash().points());
        Scenario none = ScenarioLoader.load(TestPaths.root().resolve("scenarios/quickstart.yaml"), Overrides.NONE)
                .scenario();
        assertNull(none.crash());
        assertEquals(List.of(), CrashPlan.of(none, 1));
    }
}
