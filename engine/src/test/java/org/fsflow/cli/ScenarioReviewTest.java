package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.TestPaths;
import org.fsflow.plan.Plan;
import org.fsflow.scenario.Overrides;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario from elsewhere shows what it runs as root before a run starts; fsflow's own do not. */
class ScenarioReviewTest {

    @TempDir
    Path dir;

    String review(Path file) throws Exception {
        var loaded = Fsflow.load(file, new Overrides(java.util.List.of(), 1.0));
        Plan plan = Fsflow.plan(loaded.scenario(), dir.resolve("out"), dir.resolve("work"));
        StringWriter out = new StringWriter();
        ScenarioReview.printIfForeign(file, plan, new PrintWriter(out));
        return out.toString();
    }

    @Test
    void aForeignScenarioListsEachDistinctCommandOnceWithItsValues() throws Exception {
        Path shipped = TestPaths.root().resolve("scenarios/zfs-fuse-vs-ext3.yaml");
        Path copy = Files.copy(shipped, dir.resolve("zfs.yaml"));
        String text = review(copy);
        assertTrue(text.startsWith(copy + " is not one of fsflow's scenarios/: it runs these "), text);
        String work = dir.resolve("work").toString();
        assertTrue(text.contains("\n  mkfs.ext3 -F -q ${target.dev}\n"), text);
        assertTrue(text.contains("\n  bonnie++ -d " + work + "/mnt/target "), text);
        assertTrue(
                text.contains("\n  rm -f " + work + "/zfs-fuse.pid && zfs-fuse --pidfile " + work + "/zfs-fuse.pid"),
                "the lifecycle's service runs as root too: " + text);
        assertTrue(text.contains("\n  zpool destroy fsflow\n"), text);
        long mkfsLines = text.lines()
                .filter(l -> l.equals("  mkfs.ext3 -F -q ${target.dev}"))
                .count();
        assertEquals(1, mkfsLines, "each command once, not once per repetition");
        assertFalse(text.contains("${params."), "variables are substituted: " + text);
    }

    @Test
    void theRepositorysOwnScenariosAreNotListed() throws Exception {
        assertEquals("", review(TestPaths.root().resolve("scenarios/quickstart.yaml")));
    }
}
