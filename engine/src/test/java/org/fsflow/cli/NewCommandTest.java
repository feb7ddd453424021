package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.fsflow.Fsflow;
import org.fsflow.TestPaths;
import org.fsflow.plan.Plan;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** {@code fsflow new}: a starter that the loader, the schema and the planner accept, never written over a file. */
class NewCommandTest {

    @TempDir
    Path tmp;

    @Test
    void theStarterValidatesWithoutAWarningAndPlansAtAHundredth() throws Exception {
        Path file = tmp.resolve("first.yaml");
        Cli r = Cli.run("new", "first", "--out", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("wrote " + file + "; next: fsflow validate " + file + "\n", r.out());
        ScenarioLoader.Loaded loaded = ScenarioLoader.load(file, Overrides.NONE);
        assertEquals(List.of(), loaded.warnings());
        assertEquals("first", loaded.scenario().name());
        assertEquals(
                List.of("ext4", "xfs"),
                List.copyOf(loaded.scenario().filesystems().keySet()));
        Cli valid = Cli.run("validate", file.toString(), "--scale", "0.01");
        assertEquals(0, valid.exitCode(), valid.err());
        assertEquals("", valid.err());
        Plan plan = Fsflow.plan(
                ScenarioLoader.load(file, new Overrides(List.of(), Scales.parse(List.of("0.01"))))
                        .scenario(),
                tmp.resolve("out"),
                tmp.resolve("work"));
        assertEquals(2, plan.cells().size());
        assertEquals(2 * 6 * 5, plan.measuredCount(), "2 cells x 6 steps x 5 repetitions");
    }

    @Test
    void theStarterPassesTheSchemaAndExplainsItsKeys() throws Exception {
        Path file = tmp.resolve("s.yaml");
        assertEquals(
                0,
                Cli.run("new", "s", "--filesystems", "btrfs,f2fs", "--out", file.toString())
                        .exitCode());
        String text = Files.readString(file);
        try (InputStream in = Files.newInputStream(TestPaths.root().resolve("schema/scenario.schema.json"))) {
            var schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(in);
            Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            assertEquals(Set.of(), schema.validate(new ObjectMapper().valueToTree(tree)));
        }
        assertTrue(text.contains("filesystem: [btrfs, f2fs]") && text.contains("  btrfs: {}\n  f2fs: {}\n"), text);
        assertTrue(text.contains("docs/scenarios.md"), text);
        for (String key : List.of("fsflow:", "name:", "devices:", "filesystems:", "datasets:", "matrix:", "repeat:")) {
            int at = text.indexOf("\n" + key);
            String before = text.substring(0, Math.max(at, 0));
            assertTrue(
                    at > 0 && before.substring(before.lastIndexOf('\n') + 1).startsWith("#"),
                    "no comment above " + key);
        }
    }

    @Test
    void everyFilesystemFsflowFormatsMakesAValidStarter() throws Exception {
        Path file = tmp.resolve("all.yaml");
        String all = "ext2,ext3,ext4,xfs,btrfs,f2fs,jfs,reiserfs,vfat";
        Cli r = Cli.run("new", "all", "--filesystems", all, "--out", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(
                9,
                ScenarioLoader.load(file, Overrides.NONE)
                        .scenario()
                        .filesystems()
                        .size());
    }

    @Test
    void anExistingFileIsNeverOverwritten() throws Exception {
        Path file = tmp.resolve("mine.yaml");
        Files.writeString(file, "my own work\n");
        Cli r = Cli.run("new", "mine", "--out", file.toString());
        assertEquals(ExitCodes.FAILED, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("fsflow: error: refusing to write " + file + ": it exists"), r.err());
        assertEquals("my own work\n", Files.readString(file));
        Path link = tmp.resolve("link.yaml");
        Files.createSymbolicLink(link, tmp.resolve("elsewhere.yaml"));
        assertEquals(
                ExitCodes.FAILED, Cli.run("new", "x", "--out", link.toString()).exitCode());
        assertFalse(Files.exists(tmp.resolve("elsewhere.yaml")), "nothing written through a dangling link");
        try (var left = Files.list(tmp)) {
            assertEquals(
                    List.of("link.yaml", "mine.yaml"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aBadNameOrFilesystemIsAUsageErrorAndWritesNothing() throws Exception {
        Path file = tmp.resolve("x.yaml");
        Cli name = Cli.run("new", "../x", "--out", file.toString());
        assertEquals(ExitCodes.USAGE, name.exitCode());
        assertTrue(name.err().contains("'../x' cannot name a scenario"), name.err());
        Cli fs = Cli.run("new", "x", "--filesystems", "ext4,ext5", "--out", file.toString());
        assertEquals(ExitCodes.USAGE, fs.exitCode());
        assertTrue(
                fs.err().contains("'ext5' is not a filesystem fsflow formats; the choices are ext2, ext3"), fs.err());
        Cli twice = Cli.run("new", "x", "--filesystems", "xfs,xfs", "--out", file.toString());
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertTrue(twice.err().contains("'xfs' is named twice"), twice.err());
        assertEquals(
                ExitCodes.USAGE,
                Cli.run("new", "x", "--filesystems", "tmpfs", "--out", file.toString())
                        .exitCode());
        assertFalse(Files.exists(file));
    }
}
