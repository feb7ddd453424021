package org.fsflow.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs whose places had their own scales form a group of their own; old run.json files read as before. */
class HistoryScalesTest {

    @TempDir
    Path dir;

    private HistoryRun run(String name, String runJson) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("run.json"), runJson);
        Files.writeString(d.resolve("results.jsonl"), "");
        Files.writeString(d.resolve("environment.json"), "{\"scenario\": \"s\"}");
        return HistoryRun.load(d, name);
    }

    @Test
    void perPlaceScalesAreAGroupOfTheirOwn() throws Exception {
        String common = "\"seed\": 0, \"repeat_min\": 3, \"repeat_max\": 3, \"warmup\": 0";
        HistoryRun old = run("old", "{\"scale\": 1, " + common + "}");
        HistoryRun uniform = run("uniform", "{\"scale\": 1, \"place_scales\": {}, " + common + "}");
        HistoryRun places = run("places", "{\"scale\": 1, \"place_scales\": {\"guest\": 0.05}, " + common + "}");
        assertEquals("scale 1, seed 0, 3 repetitions, 0 warm-up", old.settings());
        assertEquals(old.settings(), uniform.settings());
        assertEquals("scale 1, guest 0.05, seed 0, 3 repetitions, 0 warm-up", places.settings());
        assertNotEquals(old.group(), places.group());
    }
}
