package org.fsflow.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsflow.lang.SourceText;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

class PlannerTest {

    private static final String TEXT = """
            fsflow: 1
            name: p
            devices:
              source: { loop: { size: 1G } }
              target: { loop: { size: 1G } }
            filesystems: { ext4: {}, xfs: { mount_options: [noatime] } }
            datasets:
              a: { dirs: 2, files: 2, size: 1KiB }
              b: { dirs: 2, files: 2, size: 1KiB }
            matrix: { dataset: [a, b], filesystem: [ext4, xfs] }
            repeat: 2
            order: %s
            steps:
              - mkfs
              - mount
              - name: copy
                before: mkdir ${target.mnt}/new
                run: cp -r ${dataset.path} ${target.mnt}/new
              - umount
            """;

    private static Plan plan(String order, long seed) throws Exception {
        Scenario s = ScenarioLoader.load(SourceText.of("p.yaml", TEXT.formatted(order)), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), seed);
    }

    private static List<String> units(Plan p) {
        return p.nodes().stream()
                .filter(n -> n.measured() && n.step().name().equals("mkfs"))
                .map(n -> n.cell().id() + "/r" + n.repeat())
                .toList();
    }

    @Test
    void expandsMatrixTimesRepeatTimesSteps() throws Exception {
        Plan p = plan("sequential", 0);
        assertEquals(4, p.cells().size());
        assertEquals(4 * 2 * 4, p.measuredCount());
        assertEquals(2, p.count(PlanNode.Kind.DATASET));
        assertEquals(
                List.of("setup/source", "setup/target", "dataset/a", "dataset/b", "a/ext4/r1/mkfs"),
                p.nodes().subList(0, 5).stream().map(PlanNode::id).toList());
        assertEquals(
                List.of("teardown/target", "teardown/source"),
                p.nodes().subList(p.nodes().size() - 2, p.nodes().size()).stream()
                        .map(PlanNode::id)
                        .toList());
        assertEquals(
                List.of(
                        "a/ext4/r1",
                        "a/ext4/r2",
                        "a/xfs/r1",
                        "a/xfs/r2",
                        "b/ext4/r1",
                        "b/ext4/r2",
                        "b/xfs/r1",
                        "b/xfs/r2"),
                units(p));
    }

    @Test
    void idsAreUniqueAndEdgesPointBackwards() throws Exception {
        Plan p = plan("shuffled", 7);
        Set<String> seen = new HashSet<>();
        for (PlanNode n : p.nodes()) {
            for (String d : n.dependsOn()) {
                assertTrue(seen.contains(d), n.id() + " depends on " + d + ", which runs later");
            }
            assertTrue(seen.add(n.id()), "duplicate id " + n.id());
        }
        PlanNode firstOfB = p.nodes().stream()
                .filter(n -> n.id().equals("b/xfs/r1/mkfs"))
                .findFirst()
                .orElseThrow();
        assertTrue(firstOfB.dependsOn().contains("dataset/b"), firstOfB.toString());
    }

    @Test
    void interleavedRunsRepetitionOneOfEveryCellFirst() throws Exception {
        assertEquals(
                List.of(
                        "a/ext4/r1",
                        "a/xfs/r1",
                        "b/ext4/r1",
                        "b/xfs/r1",
                        "a/ext4/r2",
                        "a/xfs/r2",
                        "b/ext4/r2",
                        "b/xfs/r2"),
                units(plan("interleaved", 0)));
    }

    @Test
    void shuffledIsReproducibleFromItsSeed() throws Exception {
        assertEquals(units(plan("shuffled", 7)), units(plan("shuffled", 7)));
        assertNotEquals(units(plan("shuffled", 7)), units(plan("shuffled", 8)));
        assertEquals(Set.copyOf(units(plan("sequential", 0))), Set.copyOf(units(plan("shuffled", 7))));
    }

    @Test
    void roundsRunEveryCellOnceARoundEachRoundInAnOrderDrawnFromTheSeed() throws Exception {
        List<String> units = units(plan("rounds", 7));
        List<String> cells = List.of("a/ext4", "a/xfs", "b/ext4", "b/xfs");
        for (int r = 1; r <= 2; r++) {
            String suffix = "/r" + r;
            List<String> round = units.subList((r - 1) * 4, r * 4);
            assertTrue(round.stream().allMatch(u -> u.endsWith(suffix)), units.toString());
            assertEquals(
                    Set.copyOf(cells),
                    round.stream()
                            .map(u -> u.substring(0, u.lastIndexOf('/')))
                            .collect(java.util.stream.Collectors.toSet()));
        }
        assertEquals(units, units(plan("rounds", 7)), "reproducible from the seed");
        java.util.Set<List<String>> orders = new HashSet<>();
        for (long seed = 0; seed < 8; seed++) {
            List<String> u = units(plan("rounds", seed));
            orders.add(u.subList(0, 4).stream()
                    .map(x -> x.substring(0, x.lastIndexOf('/')))
                    .toList());
            orders.add(u.subList(4, 8).stream()
                    .map(x -> x.substring(0, x.lastIndexOf('/')))
                    .toList());
        }
        assertTrue(orders.size() > 4, "rounds are drawn, not the matrix's order: " + orders);
    }

    @Test
    void roundsAreTheDefault() throws Exception {
        Scenario s = ScenarioLoader.load(
                        SourceText.of("p.yaml", TEXT.formatted("rounds").replace("order: rounds\n", "")),
                        Overrides.NONE)
                .scenario();
        assertEquals(Scenario.Order.ROUNDS, s.order());
    }

    @Test
    void commandsAreExpandedAndQuoted() throws Exception {
        Plan p = plan("sequential", 0);
        PlanNode copy = p.nodes().stream()
                .filter(n -> n.id().equals("a/xfs/r2/copy"))
                .findFirst()
                .orElseThrow();
        assertEquals("cp -r /work/mnt/source/fsflow-datasets/a /work/mnt/target/new", copy.command());
        assertEquals("mkdir /work/mnt/target/new", copy.before());
        PlanNode mount = p.nodes().stream()
                .filter(n -> n.id().equals("a/xfs/r1/mount"))
                .findFirst()
                .orElseThrow();
        assertEquals("mount -t xfs -o noatime ${target.dev} /work/mnt/target", mount.command());
        assertEquals("'a b'", Shell.quote("a b"));
        assertEquals("'it'\\''s'", Shell.quote("it's"));
    }
}
