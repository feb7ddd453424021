package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A guest's step gets the budget, flush and verify the host would apply to it. */
class GuestStepsTest {

    @TempDir
    Path dir;

    private List<GuestStep> steps(String memory) throws Exception {
        String yaml = """
                fsflow: 1
                name: guest
                devices: { target: { loop: { size: 1GiB } } }
                kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                filesystems: { reiserfs: { kernel: debian-6.1 } }
                datasets: { ds: { dirs: 2, files: 3, size: 4KiB } }
                matrix: { dataset: [ds], filesystem: [reiserfs] }
                MEMORY
                steps:
                  - mkfs
                  - mount
                  - name: copy
                    run: cp -r ${dataset.path} ${target.mnt}
                    flush: true
                    verify: true
                  - name: small
                    run: du -s ${target.mnt}
                    memory: 256MiB
                  - umount
                """.replace("MEMORY", memory);
        Layout layout = new Layout(dir.resolve("out"), dir.resolve("work"));
        Plan plan = Planner.plan(
                ScenarioLoader.load(SourceText.of("s.yaml", yaml), Overrides.NONE)
                        .scenario(),
                layout,
                0);
        return plan.nodes().stream()
                .filter(n -> n.step() != null)
                .map(n -> guest(plan, n))
                .toList();
    }

    private static GuestStep guest(Plan plan, PlanNode n) {
        return GuestSteps.of(n, n.step().bind(java.util.Map.of("target", "/dev/vda")), false);
    }

    @Test
    void theCellsBudgetFlushAndVerifyGoIntoTheGuest() throws Exception {
        List<GuestStep> steps = steps("memory: 512MiB");
        GuestStep copy =
                steps.stream().filter(s -> s.id().endsWith("/copy")).findFirst().orElseThrow();
        Path mnt = dir.resolve("work/mnt/target");
        assertEquals(512L << 20, copy.memoryBytes());
        assertEquals(mnt.toString(), copy.flushPath());
        assertEquals(dir.resolve("work/datasets/ds").toString(), copy.verifyDataset());
        assertEquals(mnt.resolve("ds").toString(), copy.verifyCopy());
        GuestStep small = steps.stream()
                .filter(s -> s.id().endsWith("/small"))
                .findFirst()
                .orElseThrow();
        assertEquals(256L << 20, small.memoryBytes(), "a step's own budget");
        assertNull(small.flushPath());
        assertNull(small.verifyCopy());
        assertEquals(1024, GuestSteps.memoryMib(steps), "a budget below 512 MiB fits in the usual guest");
    }

    @Test
    void theGuestRunsTheResolvedCommandsWithItsOwnDiskForTheDeviceNode() throws Exception {
        List<GuestStep> steps = steps("");
        GuestStep mkfs = steps.get(0);
        assertEquals(List.of("mkfs.reiserfs", "-f", "-q", "/dev/vda"), mkfs.argv());
        assertEquals(
                List.of("blkdiscard", "-f", "/dev/vda"),
                mkfs.release(),
                "a reused guest's disk holds the previous repetition's blocks: released as on the host");
        assertNull(mkfs.before(), "no before: of its own");
        assertNull(
                steps("vm: { reuse: false }").get(0).release(),
                "no release of blocks without reuse: the guest's disk is a fresh image");
        GuestStep copy =
                steps.stream().filter(s -> s.id().endsWith("/copy")).findFirst().orElseThrow();
        Path mnt = dir.resolve("work/mnt/target");
        assertEquals(List.of("sh", "-c", "cp -r " + dir.resolve("work/datasets/ds") + " " + mnt), copy.argv());
        assertEquals(Scenario.OnError.SKIP_CELL, copy.onError(), "on_error skip-cell, the default");
    }

    @Test
    void withoutABudgetNoneIsSetAndABigBudgetGetsAGuestLargeEnough() throws Exception {
        assertEquals(-1, steps("").get(0).memoryBytes());
        assertEquals(4096 + GuestSteps.ROOM_MIB, GuestSteps.memoryMib(steps("memory: 4GiB")));
    }

    @Test
    void aStepVerifyingANamedDatasetHandsTheGuestThatDatasetsPath() throws Exception {
        String yaml = """
                fsflow: 1
                name: guest
                devices: { target: { loop: { size: 1GiB } } }
                kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                filesystems: { jfs: { kernel: debian-6.1 } }
                datasets: { iso: { depth: 0, files: 1, size: 64KiB } }
                matrix: { filesystem: [jfs] }
                steps:
                  - mkfs
                  - mount
                  - name: copy-iso
                    run: cp ${datasets.iso.path}/fichier1 ${target.mnt}/image.iso
                    verify:
                      dataset: iso
                      path: ${target.mnt}/image.iso
                  - umount
                """;
        Layout layout = new Layout(dir.resolve("out"), dir.resolve("work"));
        Plan plan = Planner.plan(
                ScenarioLoader.load(SourceText.of("s.yaml", yaml), Overrides.NONE)
                        .scenario(),
                layout,
                0);
        GuestStep copy = plan.nodes().stream()
                .filter(n -> n.step() != null && n.step().name().equals("copy-iso"))
                .map(n -> guest(plan, n))
                .findFirst()
                .orElseThrow();
        assertEquals(dir.resolve("work/datasets/iso").toString(), copy.verifyDataset());
        assertEquals(dir.resolve("work/mnt/target/image.iso").toString(), copy.verifyCopy());
    }
}
