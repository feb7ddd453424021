package org.fsflow.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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

/**
 * {@code --scale 1 --scale guest=0.05} with control cells in the guest: the host's control
 * filesystems run again at the guest's scale ({@code ext3@0.05}), on the host, with the guest
 * scale's datasets and budget; the host's own cells stay at 1.
 */
class ScaleControlsTest {

    // PlaceScalesTest's campaign with two control types (ext3 and xfs) on both sides
    private static final String TEXT = PlaceScalesTest.TEXT
            .replace(
                    "filesystems: { ext3: {}, reiserfs: { kernel: debian-6.1 }, ext3-vm: { type: ext3, kernel: debian-6.1 } }",
                    "filesystems: { ext3: {}, xfs: { mkfs_options: [-K] }, reiserfs: { kernel: debian-6.1 },"
                            + " ext3-vm: { type: ext3, kernel: debian-6.1 }, xfs-vm: { type: xfs, kernel: debian-6.1 } }")
            .replace("filesystem: [ext3, reiserfs, ext3-vm]", "filesystem: [ext3, xfs, reiserfs, ext3-vm, xfs-vm]");

    private static Scenario load(String text, String... scales) throws Exception {
        return ScenarioLoader.load(
                        SourceText.of("p.yaml", text), new Overrides(List.of(), Scales.parse(List.of(scales))))
                .scenario();
    }

    private static Plan plan(Scenario s) {
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    private static List<String> filesystems(Plan p) {
        return p.cells().stream().map(Cell::filesystem).toList();
    }

    @Test
    void theHostsControlsRunAgainAtTheGuestsScaleBesideItsFullSizeCells() throws Exception {
        Scenario s = load(TEXT, "1", "guest=0.05");
        assertEquals(Map.of("ext3@0.05", 0.05, "xfs@0.05", 0.05), s.scaling().controls());
        Plan p = plan(s);
        assertEquals(List.of("ext3", "xfs", "reiserfs", "ext3-vm", "xfs-vm", "ext3@0.05", "xfs@0.05"), filesystems(p));
        // the control is the host's filesystem (its options, on the host), at the guest's data
        Scenario control = s.forCell(Map.of("dataset", "big", "filesystem", "xfs@0.05"));
        assertEquals(0.05, control.scale());
        assertEquals(List.of("-K"), control.filesystems().get("xfs@0.05").mkfsOptions());
        assertEquals(null, control.filesystems().get("xfs@0.05").kernel());
        assertEquals("host", s.kernelOf(Map.of("filesystem", "xfs@0.05")).name());
        assertEquals(500, control.datasets().get("big").fileCount());
        assertEquals(Math.round((2L << 30) * 0.05), control.memory().scaledBytes());
        assertSame(s, s.forCell(Map.of("dataset", "big", "filesystem", "xfs")), "the host's own cells stay at 1");
        for (PlanNode n : p.nodes()) {
            if (n.measured()) {
                String fs = n.cell().filesystem();
                assertEquals(fs.equals("ext3") || fs.equals("xfs") ? 1.0 : 0.05, n.scale(), n.id());
                if (n.step().name().equals("copy") && fs.contains("@")) {
                    assertTrue(n.command().contains("fsflow-datasets@0.05/big"), n.command());
                    assertTrue(n.id().startsWith("big/" + fs + "/r"), n.id());
                    // resolved on the host at the guest's scale: the step's 1 GiB x 0.05, floored at 64 MiB
                    assertEquals("host", n.step().place().kernel(), n.id());
                    assertEquals(64L << 20, n.step().memoryBytes(), n.id());
                } else if (n.step().name().equals("copy") && fs.equals("ext3")) {
                    assertEquals(1L << 30, n.step().memoryBytes(), n.id());
                }
            }
        }
        String printed = PlanPrinter.summary(p);
        assertTrue(printed.contains("controls  ext3@0.05, xfs@0.05: the host's control cells again"), printed);
    }

    @Test
    void oneScaleForEveryPlaceOrNoPairOfControlTypesAddsNone() throws Exception {
        assertEquals(Map.of(), load(TEXT, "0.05").scaling().controls());
        assertEquals(Map.of(), load(TEXT, "1", "guest=1").scaling().controls());
        // one control type (ext3) cannot rank two filesystems: no control is worth its run
        String oneType = TEXT.replace("[ext3, xfs, reiserfs, ext3-vm, xfs-vm]", "[ext3, xfs, reiserfs, ext3-vm]");
        assertEquals(Map.of(), load(oneType, "1", "guest=0.05").scaling().controls());
        assertEquals(4, plan(load(oneType, "1", "guest=0.05")).cells().size());
    }

    @Test
    void aFilesystemWrittenOnTheHostKernelIsAHostControlToo() throws Exception {
        String explicit = TEXT.replace("xfs: { mkfs_options: [-K] }", "xfs: { mkfs_options: [-K], kernel: host }");
        assertEquals(
                List.of("ext3@0.05", "xfs@0.05"),
                List.copyOf(
                        load(explicit, "1", "guest=0.05").scaling().controls().keySet()));
    }

    @Test
    void aKernelAxisChoosesThePlaceByItselfAndGetsNoControls() throws Exception {
        String axis = TEXT.replace(
                "matrix: { dataset: [big], filesystem: [ext3, xfs, reiserfs, ext3-vm, xfs-vm] }",
                "matrix: { dataset: [big], filesystem: [ext3, xfs], kernel: [host, debian-6.1] }");
        assertEquals(Map.of(), load(axis, "1", "guest=0.05").scaling().controls());
    }
}
