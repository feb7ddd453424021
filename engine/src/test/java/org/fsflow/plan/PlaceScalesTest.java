package org.fsflow.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.SourceText;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/** {@code --scale 1 --scale guest=0.05}: each place's cells get their own datasets, devices and budget. */
class PlaceScalesTest {

    static final String TEXT = """
            fsflow: 1
            name: p
            devices:
              source: { loop: { size: 40G }, filesystem: ext4 }
              target: { loop: { size: 40G } }
            kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
            filesystems: { ext3: {}, reiserfs: { kernel: debian-6.1 }, ext3-vm: { type: ext3, kernel: debian-6.1 } }
            datasets:
              big: { dirs: 100, files: 100, size: 16KiB }
            matrix: { dataset: [big], filesystem: [ext3, reiserfs, ext3-vm] }
            memory: 2GiB
            steps:
              - mkfs
              - mount
              - name: copy
                run: cp -r ${dataset.path} ${target.mnt}
                memory: 1GiB
              - umount
            """;

    private static Scenario load(String... scales) throws Exception {
        return ScenarioLoader.load(
                        SourceText.of("p.yaml", TEXT), new Overrides(List.of(), Scales.parse(List.of(scales))))
                .scenario();
    }

    private static long loop(Scenario s, String device) {
        return ((org.fsflow.scenario.Device.Loop) s.devices().get(device)).sizeBytes();
    }

    private static Plan plan(Scenario s) {
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    @Test
    void guestCellsRunAtTheirOwnScaleAndHostCellsAtTheDefault() throws Exception {
        Scenario s = load("1", "guest=0.05");
        Scenario host = s.forCell(Map.of("dataset", "big", "filesystem", "ext3"));
        Scenario guest = s.forCell(Map.of("dataset", "big", "filesystem", "reiserfs"));
        assertSame(s, host);
        assertEquals(1.0, host.scale());
        assertEquals(0.05, guest.scale());
        assertEquals(10_000, host.datasets().get("big").fileCount());
        assertEquals(500, guest.datasets().get("big").fileCount());
        // the guest's target shrinks with its data; the host's source holds both sizes, at the largest
        assertEquals(40L << 30, loop(host, "target"));
        assertEquals(2L << 30, loop(guest, "target"));
        assertEquals(40L << 30, loop(host, "source"));
        // the budget shrinks with the place's data, as one --scale does today
        assertEquals(2L << 30, host.memory().scaledBytes());
        assertEquals(Math.round((2L << 30) * 0.05), guest.memory().scaledBytes());
    }

    @Test
    void aDatasetBothPlacesUseIsMadeAtEachScaleInItsOwnDirectory() throws Exception {
        Plan p = plan(load("1", "guest=0.05"));
        List<PlanNode> datasets = p.nodes().stream()
                .filter(n -> n.kind() == PlanNode.Kind.DATASET)
                .toList();
        assertEquals(
                List.of("dataset/big", "dataset/big@0.05"),
                datasets.stream().map(PlanNode::id).toList());
        assertEquals(List.of(1.0, 0.05), datasets.stream().map(PlanNode::scale).toList());
        assertTrue(
                datasets.get(0).command().contains("generate 10000 files"),
                datasets.get(0).command());
        assertTrue(
                datasets.get(0).command().endsWith("/work/mnt/source/fsflow-datasets/big"),
                datasets.get(0).command());
        assertTrue(
                datasets.get(1).command().contains("generate 500 files"),
                datasets.get(1).command());
        assertTrue(
                datasets.get(1).command().endsWith("/work/mnt/source/fsflow-datasets@0.05/big"),
                datasets.get(1).command());
        for (PlanNode n : p.nodes()) {
            if (n.measured()) {
                boolean guest = !n.cell().filesystem().equals("ext3");
                assertEquals(guest ? 0.05 : 1.0, n.scale(), n.id());
                if (n.step().name().equals("mkfs")) {
                    assertTrue(n.dependsOn().contains(guest ? "dataset/big@0.05" : "dataset/big"), n.id());
                }
                if (n.step().name().equals("copy")) {
                    assertTrue(
                            n.command().contains(guest ? "fsflow-datasets@0.05/big" : "fsflow-datasets/big "),
                            n.command());
                }
            }
        }
    }

    @Test
    void oneScaleForEveryPlacePlansAsBefore() throws Exception {
        Plan p = plan(load("0.05"));
        assertEquals(
                List.of("dataset/big"),
                p.nodes().stream()
                        .filter(n -> n.kind() == PlanNode.Kind.DATASET)
                        .map(PlanNode::id)
                        .toList());
        assertTrue(p.nodes().stream().allMatch(n -> n.scale() == 0.05));
        assertTrue(p.scenario().scaling().variants().isEmpty());
    }

    @Test
    void aKernelsOwnScaleWinsOverGuestWhichWinsOverTheDefault() throws Exception {
        Scenario s = load("0.5", "guest=0.1", "debian-6.1=0.05", "host=1");
        assertEquals(1.0, s.scale());
        assertEquals(
                0.05,
                s.forCell(Map.of("dataset", "big", "filesystem", "reiserfs")).scale());
        assertEquals(
                List.of("--scale", "0.5", "--scale", "guest=0.1", "--scale", "debian-6.1=0.05", "--scale", "host=1"),
                s.scaling().scales().arguments());
    }

    @Test
    void aPlaceTheScenarioDoesNotHaveIsAUsageError() {
        Overrides.Invalid e = assertThrows(Overrides.Invalid.class, () -> load("vm=0.1"));
        assertEquals(
                "--scale vm=0.1: scenario 'p' has no place 'vm'; the places are host, guest (every cell in a VM) or "
                        + "a kernel of its kernels: (debian-6.1)",
                e.getMessage());
    }
}
