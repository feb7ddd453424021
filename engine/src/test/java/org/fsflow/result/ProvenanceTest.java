package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.fsflow.safety.CachedFiles;
import org.fsflow.scenario.Versions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json's provenance: read back from environment.json's settings, kept out of the settings
 * table, its command line quoted as a shell would need, the build's commit parsed strictly, and
 * {@code fsflow report}'s warning when the scenario file has changed since the run.
 */
class ProvenanceTest {

    @TempDir
    Path dir;

    static final String SHA_A = "0320a758bc28e576350408832954ff1d3b1b75343cb5cc1623215f5634090ce1";

    private RunEnvironment env(String file, String sha) throws Exception {
        Files.writeString(dir.resolve("environment.json"), """
                {"scenario_file": "%s", "scenario_sha256": "%s",
                 "settings": {"scale": 0.5, "cpu_method": "cgroup2-cpu.stat",
                   "provenance": {"fsflow_version": "0.1.0", "commit": "%s", "dirty": true,
                     "command": ["fsflow", "run", "%s", "--set", "fs.size=1 GiB"],
                     "scenario_file": "%s", "scenario_sha256": "%s"}}}
                """.formatted(file, sha, "a".repeat(40), file, file, sha));
        return RunEnvironment.read(dir);
    }

    @Test
    void theProvenanceIsReadBackAndNotShownAsASetting() throws Exception {
        RunEnvironment e = env("s.yaml", SHA_A);
        RunProvenance p = e.settings().provenance();
        assertEquals("a".repeat(40), p.commit());
        assertTrue(p.dirty());
        assertEquals(List.of("fsflow", "run", "s.yaml", "--set", "fs.size=1 GiB"), p.command());
        assertEquals("fsflow run s.yaml --set 'fs.size=1 GiB'", p.commandLine());
        assertFalse(e.settings().shown().containsKey("provenance"));
        assertEquals("0.5", e.settings().shown().get("scale"));
    }

    @Test
    void aRunWithoutProvenanceHasNone() throws Exception {
        Files.writeString(dir.resolve("environment.json"), "{\"settings\": {\"scale\": 1}}");
        assertNull(RunEnvironment.read(dir).settings().provenance());
    }

    @Test
    void anUnchangedScenarioFileRaisesNoWarning() throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "fsflow: 1\n");
        assertTrue(ScenarioDrift.check(env("s.yaml", CachedFiles.sha256(file)), dir)
                .isEmpty());
    }

    @Test
    void anEditorLineAddedAboveTheScenarioIsNoChangeButAnyOtherLineIs() throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "fsflow: 1\n");
        String before = CachedFiles.sha256(file);
        Files.writeString(file, "# yaml-language-server: $schema=../schema/scenario.schema.json\nfsflow: 1\n");
        assertTrue(ScenarioDrift.check(env("s.yaml", before), dir).isEmpty());
        Files.writeString(file, "# yaml-language-server: $schema=x.json\nfsflow: 1\n# changed\n");
        assertTrue(ScenarioDrift.check(env("s.yaml", before), dir).isPresent());
        Files.writeString(file, "# a comment\nfsflow: 1\n");
        assertTrue(ScenarioDrift.check(env("s.yaml", before), dir).isPresent());
    }

    @Test
    void aChangedScenarioFileIsNamedWithBothDigests() throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "fsflow: 1\n# changed\n");
        String w = ScenarioDrift.check(env("s.yaml", SHA_A), dir).orElseThrow();
        assertTrue(w.contains("s.yaml has changed since this run"), w);
        assertTrue(w.contains(CachedFiles.sha256(file).substring(0, 16)) && w.contains(SHA_A.substring(0, 16)), w);
    }

    @Test
    void aScenarioFileThatIsNotThereCannotBeChecked() throws Exception {
        assertTrue(ScenarioDrift.check(env("gone.yaml", SHA_A), dir).isEmpty());
    }

    @Test
    void theBuildRecordTakesOnlyAFullCommitAndABoolean() {
        Properties p = new Properties();
        p.setProperty("commit", "97B0D03C9F0E2B1A4D5E6F708192A3B4C5D6E7F8");
        p.setProperty("dirty", "false");
        assertEquals(new Versions.Build("97b0d03c9f0e2b1a4d5e6f708192a3b4c5d6e7f8", false), Versions.Build.parse(p));
        p.setProperty("commit", "${fsflow.commit}");
        p.setProperty("dirty", "");
        assertEquals(new Versions.Build(null, null), Versions.Build.parse(p));
        p.setProperty("commit", "97b0d03");
        assertNull(Versions.Build.parse(p).commit());
    }
}
