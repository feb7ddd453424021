package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** environment.json read into its record: the fields a run writes, and an empty one without the file. */
class RunEnvironmentTest {

    @Test
    void aRunsEnvironmentIsTyped() {
        RunEnvironment env = RunEnvironment.read(TestPaths.resources("report/golden"));
        assertEquals("quickstart", env.scenario());
        assertEquals(2, env.cpuCores());
        assertEquals(25276026880L, env.memoryBytes());
        assertEquals(1.0, env.settings().scale());
        assertEquals("cgroup2-cpu.stat", env.settings().cpuMethod());
        assertEquals("[]", env.settings().shown().get("sets"), "lists are shown as JSON");
        assertEquals(
                List.of("mkfs", "mount", "copy-in", "walk", "delete", "umount"),
                env.campaign().steps());
        assertTrue(env.launchFloor().realSMedian() > 0, "snake_case real_s_median is read");
        assertEquals("loop", env.campaign().devices().values().iterator().next().kind());
    }

    @Test
    void noFileIsAnEmptyEnvironment(@TempDir Path dir) {
        RunEnvironment env = RunEnvironment.read(dir);
        assertNull(env.host());
        assertNull(env.settings());
        assertNull(env.launchFloor());
        assertEquals(List.of(), env.campaign().steps());
        assertTrue(env.tools().isEmpty());
    }

    // every published run's environment, read into its record and written back from it: the same
    // record again, and every leaf of the file kept (an empty object has none) but the sections a
    // merge or an older version added, which the record does not hold
    @Test
    void whatTheRecordWritesIsWhatItReads(@TempDir Path tmp) throws Exception {
        List<Path> dirs;
        try (var list = java.nio.file.Files.list(TestPaths.root().resolve("reports"))) {
            dirs = list.filter(d -> java.nio.file.Files.isRegularFile(d.resolve(RunEnvironment.FILE)))
                    .sorted()
                    .toList();
        }
        assertTrue(dirs.size() >= 10, dirs.toString());
        for (Path dir : dirs) {
            RunEnvironment env = RunEnvironment.read(dir);
            Path again = java.nio.file.Files.createDirectories(tmp.resolve(dir.getFileName()));
            java.nio.file.Files.write(again.resolve(RunEnvironment.FILE), env.bytes());
            assertEquals(env, RunEnvironment.read(again), dir.toString());
            java.util.Map<String, String> written = EnvironmentFile.leaves(again);
            EnvironmentFile.leaves(dir).forEach((leaf, value) -> {
                if (!leaf.startsWith("merge.") && !"[]".equals(value)) {
                    assertEquals(value, written.get(leaf), dir.getFileName() + ": " + leaf);
                }
            });
        }
    }
}
