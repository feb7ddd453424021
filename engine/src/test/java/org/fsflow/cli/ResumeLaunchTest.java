package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.run.LaunchRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code resume} on a directory without run.json: nothing recorded is exit 4 with the command to
 * start the run; a launch record starts it afresh with the recorded words, paths taken from the
 * recorded directory; a run that ends with an error before run.json leaves no record behind.
 */
class ResumeLaunchTest {

    @TempDir
    Path dir;

    @Test
    void nothingRecordedIsExitFourWithTheCommandToStartIt() throws Exception {
        for (Path out : List.of(dir.resolve("never"), Files.createDirectory(dir.resolve("empty")))) {
            Cli c = Cli.run("resume", out.toString());
            assertEquals(ExitCodes.NOTHING_TO_RESUME, c.exitCode(), c.err());
            assertTrue(c.err().startsWith("fsflow: error: nothing to resume in " + out + ": "), c.err());
            assertTrue(c.err().contains("start it with 'fsflow run FILE --out " + out + "'"), c.err());
            assertEquals(1, c.err().strip().lines().count(), c.err());
        }
        assertFalse(Files.exists(dir.resolve("never")), "resume creates nothing");
    }

    @Test
    void aRecordOfAnotherCommandOrADamagedOneIsRefused() throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Files.writeString(out.resolve(LaunchRecord.FILE), "{\"cwd\": \"/\", \"argv\": [\"validate\", \"x.yaml\"]}");
        Cli other = Cli.run("resume", out.toString());
        assertEquals(ExitCodes.FAILED, other.exitCode());
        assertTrue(other.err().contains("does not record a 'fsflow run' (fsflow validate x.yaml)"), other.err());
        Files.writeString(out.resolve(LaunchRecord.FILE), "{");
        Cli damaged = Cli.run("resume", out.toString());
        assertEquals(ExitCodes.FAILED, damaged.exitCode());
        assertTrue(damaged.err().contains(out.resolve(LaunchRecord.FILE) + " is damaged"), damaged.err());
        assertTrue(damaged.noStackTrace(), damaged.err());
    }

    // the recorded command runs from the recorded directory: its relative paths are found there
    @Test
    void aRecordStartsTheRunAfreshWithItsWordsFromItsDirectory() throws Exception {
        Path started = Files.createDirectory(dir.resolve("started-here"));
        Files.writeString(started.resolve("bad.yaml"), "fsflow: 1\nname: bad\nstesp: []\n");
        new LaunchRecord(started, List.of("run", "bad.yaml", "--out", "out")).writeIn(Path.of("out"));
        Path out = started.resolve("out");
        Cli c = Cli.run("resume", out.toString());
        assertTrue(
                c.out()
                        .startsWith("the run was stopped before it recorded its settings (no run.json): starting it "
                                + "afresh with the command recorded in " + out.resolve(LaunchRecord.FILE) + ", from "
                                + started
                                + ": fsflow run bad.yaml --out out\n"),
                c.out());
        assertEquals(ExitCodes.FAILED, c.exitCode(), "the scenario, found from the recorded directory, is invalid");
        assertTrue(c.err().contains(started.resolve("bad.yaml") + ":3:1: error: unknown key 'stesp'"), c.err());
        assertFalse(Files.exists(out), "an error before run.json leaves no record behind");
    }

    @Test
    void aRunThatFailsBeforeRunJsonOrIsDryLeavesNoDirectory() {
        Path out = dir.resolve("out");
        Cli invalid = Cli.run("run", dir.resolve("missing.yaml").toString(), "--out", out.toString());
        assertEquals(ExitCodes.FAILED, invalid.exitCode(), invalid.err());
        assertFalse(Files.exists(out));
        String quickstart =
                TestPaths.root().resolve("scenarios/quickstart.yaml").toString();
        Cli dry = Cli.run("run", quickstart, "--dry-run", "--out", out.toString());
        assertEquals(ExitCodes.OK, dry.exitCode(), dry.err());
        assertFalse(Files.exists(out));
        Cli label = Cli.run("run", quickstart, "--label", "a b=1", "--out", out.toString());
        assertEquals(ExitCodes.USAGE, label.exitCode(), label.err());
        assertFalse(Files.exists(out));
    }

    // the launcher records before the JVM parses the words: a usage error then takes the record back
    @Test
    void aUsageErrorTakesBackTheLaunchersRecord() throws Exception {
        Path out = dir.resolve("out");
        String[] argv = {"run", "s.yaml", "--out", out.toString(), "--bogus"};
        new LaunchRecord(Path.of("").toAbsolutePath(), List.of(argv)).writeIn(out);
        assertTrue(Files.exists(out.resolve(LaunchRecord.FILE)));
        Cli c = Cli.run(argv);
        assertEquals(ExitCodes.USAGE, c.exitCode(), c.err());
        assertFalse(Files.exists(out));
    }
}
