package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsflow.TestPaths;
import org.fsflow.host.RunFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * launch.json, the command recorded before anything else of a run: written whole into a checked
 * directory, read back as written (also when the launcher wrote it), a damaged one refused.
 */
class LaunchRecordTest {

    @TempDir
    Path dir;

    @Test
    void itIsWrittenIntoANewDirectoryOfModeSevenHundredAndReadBackAsWritten() throws Exception {
        LaunchRecord r = new LaunchRecord(dir, List.of("run", "s.yaml", "--out", "out", "--set", "n=\"1\"\n"));
        assertEquals(Optional.of(dir.resolve("out/launch.json")), r.writeIn(Path.of("out")));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("out"))));
        assertEquals(Optional.of(r), LaunchRecord.read(dir.resolve("out")));
        assertEquals(Optional.empty(), r.writeIn(Path.of("out")), "the same record is not written twice");
        assertTrue(r.isRun());
        assertEquals("fsflow run s.yaml --out out --set 'n=\"1\"\n'", r.command());
    }

    @Test
    void aDirectoryHoldingResultsGetsNoRecord() throws Exception {
        Files.writeString(dir.resolve("results.jsonl"), "{}\n");
        assertEquals(Optional.empty(), new LaunchRecord(dir, List.of("run", "s.yaml")).writeIn(dir));
        assertFalse(Files.exists(dir.resolve(LaunchRecord.FILE)));
    }

    @Test
    void aDamagedRecordIsRefusedNamingItAndReplacedByTheNextRun() throws Exception {
        for (String bad : List.of("", "{\"cwd\": \"relative\", \"argv\": []}", "{\"argv\": [\"run\"]}", "[1, 2")) {
            Files.writeString(dir.resolve(LaunchRecord.FILE), bad);
            RunFailure e = assertThrows(RunFailure.class, () -> LaunchRecord.read(dir));
            assertTrue(e.getMessage().startsWith(dir.resolve(LaunchRecord.FILE) + " is damaged ("), e.getMessage());
        }
        LaunchRecord r = new LaunchRecord(dir, List.of("run", "s.yaml"));
        assertTrue(r.writeIn(dir).isPresent());
        assertEquals(Optional.of(r), LaunchRecord.read(dir));
    }

    @Test
    void onlyARealRunIsARun() {
        assertTrue(new LaunchRecord(dir, List.of("--debug", "run", "s.yaml")).isRun());
        assertFalse(new LaunchRecord(dir, List.of("run", "s.yaml", "--dry-run")).isRun());
        assertFalse(new LaunchRecord(dir, List.of("validate", "run")).isRun());
        assertFalse(new LaunchRecord(dir, List.of()).isRun());
    }

    @Test
    void removingItRemovesTheDirectoryOnlyWhenNothingElseIsInIt() throws Exception {
        Path out = dir.resolve("out");
        new LaunchRecord(dir, List.of("run", "s.yaml")).writeIn(out);
        Files.writeString(out.resolve("keep"), "x");
        LaunchRecord.remove(out);
        assertFalse(Files.exists(out.resolve(LaunchRecord.FILE)));
        assertTrue(Files.exists(out.resolve("keep")));
        new LaunchRecord(dir, List.of("run", "s.yaml")).writeIn(out);
        Files.delete(out.resolve("keep"));
        LaunchRecord.remove(out);
        assertFalse(Files.exists(out));
    }

    /** The lines of ./fsflow that write its launch record, ending with the call that does. */
    static List<String> launcherRecord() throws java.io.IOException {
        List<String> lines = Files.readAllLines(TestPaths.root().resolve("fsflow"));
        int from = lines.indexOf("json_string() { # $1 as a JSON string, appended to $json (no subshell)");
        int to = lines.indexOf("record_launch \"$@\" || true");
        assertTrue(from >= 0 && to > from, "the launcher's record functions");
        return lines.subList(from, to + 1);
    }

    // the launcher's answer to an interrupt sent to it alone (its one trap line, cut from ./fsflow)
    static String launcherTrap() throws java.io.IOException {
        List<String> traps = Files.readAllLines(TestPaths.root().resolve("fsflow")).stream()
                .filter(line -> line.startsWith("trap "))
                .toList();
        assertEquals(1, traps.size(), "the launcher's trap: " + traps);
        return traps.get(0);
    }

    // `kill -INT` of the launcher alone while bash waits for a foreground child (as for its mkdir or
    // mv): bash would take it as handled once the child exits normally and go on to start the run;
    // the launcher stops instead. (Waiting in a command substitution, bash stops by itself.)
    @Test
    void anInterruptSentToTheLauncherAloneWhileAChildRunsStopsIt() throws Exception {
        Path script = Files.write(
                dir.resolve("launcher"), List.of("set -euo pipefail", launcherTrap(), "sleep 1", "echo went-on"));
        Process p = new ProcessBuilder("env", "--default-signal=INT", "bash", script.toString())
                .redirectErrorStream(true)
                .start();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (p.descendants().noneMatch(c -> c.info().command().orElse("").endsWith("sleep"))
                && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(p.descendants().findAny().isPresent(), "bash waits for its child");
        assertEquals(
                0,
                new ProcessBuilder("kill", "-INT", Long.toString(p.pid()))
                        .start()
                        .waitFor());
        assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(130, p.exitValue(), "killed by SIGINT (128 + 2): " + out);
        assertFalse(out.contains("went-on"), out);
    }

    // the launcher's record, written by its own shell functions (cut from ./fsflow), is the one the engine reads
    @Test
    void theLaunchersRecordIsTheEnginesRecord() throws Exception {
        Path functions = Files.write(dir.resolve("record.sh"), launcherRecord());
        List<String> argv = List.of(
                "--debug",
                "run",
                "a b.yaml",
                "--set",
                "x=\"q\\z\"",
                "--set",
                "nl=1\n2\t3\u0001",
                "--label",
                "k=ü",
                "--out",
                "o");
        List<String> command = new ArrayList<>(List.of("bash", "-c", "set -euo pipefail; source " + functions, "_"));
        command.addAll(argv);
        Process p =
                new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        assertEquals(0, p.waitFor());
        Path out = dir.resolve("o");
        assertEquals(Optional.of(new LaunchRecord(dir.toRealPath(), argv)), LaunchRecord.read(out));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
        assertEquals(Optional.empty(), new LaunchRecord(dir.toRealPath(), argv).writeIn(out), "the engine keeps it");

        List<String> dry = new ArrayList<>(command.subList(0, 4));
        dry.addAll(List.of("run", "a.yaml", "--out", "dry", "--dry-run"));
        assertEquals(0, new ProcessBuilder(dry).directory(dir.toFile()).start().waitFor());
        assertFalse(Files.exists(dir.resolve("dry")), "a dry run records nothing");
    }
}
