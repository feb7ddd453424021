package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.result.RunSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fsflow reproduce DIR --out NEW} continues NEW only when NEW holds a reproduction of DIR. */
class ReproductionContinueTest {

    @TempDir
    Path dir;

    private Path run(String name, String scenario, String sets, long seed) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("scenario.original.yaml"), scenario);
        Files.writeString(
                d.resolve(RunSettings.FILE),
                "{\"sets\": " + sets + ", \"scale\": 1.0, \"place_scales\": {}, \"seed\": " + seed + "}");
        return d;
    }

    @Test
    void anInterruptedReproductionOfTheSameRunIsContinued() throws Exception {
        Path published = run("published", "name: s\n", "[\"filesystem=ext3,xfs\"]", 0);
        Path again = run("again", "name: s\n", "[\"filesystem=ext3,xfs\", \"quiet.wait=5s\"]", 0);
        assertNull(Reproduction.another(published, RunSettings.read(published), List.of("quiet.wait=5s"), again));
    }

    @Test
    void anotherScenarioOtherSetsOrAnotherSeedAreRefusedWithWhatToDo() throws Exception {
        Path published = run("published", "name: s\n", "[\"filesystem=ext3,xfs\"]", 0);
        RunSettings settings = RunSettings.read(published);
        String scenario = Reproduction.another(
                published, settings, List.of(), run("a", "name: t\n", "[\"filesystem=ext3,xfs\"]", 0));
        assertTrue(
                scenario.contains("holds a run of another scenario") && scenario.endsWith("choose an empty --out"),
                scenario);
        String sets = Reproduction.another(published, settings, List.of(), run("b", "name: s\n", "[]", 0));
        assertTrue(sets.contains("holds a run with other settings (--set [], scale 1.0, seed 0)"), sets);
        assertTrue(sets.contains("or continue that run with 'fsflow resume "), sets);
        String seed = Reproduction.another(
                published, settings, List.of(), run("c", "name: s\n", "[\"filesystem=ext3,xfs\"]", 7));
        assertTrue(seed.contains("seed 7"), seed);
        String none = Reproduction.another(published, settings, List.of(), Files.createDirectories(dir.resolve("d")));
        assertTrue(none.contains("is not the output directory of a run"), none);
    }
}
