package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Crash consistency of a run's start: an interrupt before run.json exists leaves nothing behind
 * but the command that started it, says what to run again, and resume starts it afresh; a run
 * killed or interrupted at any instant of its first second (the launcher's, the JVM's start,
 * validation) and answered with resume ends with every node ok exactly once; a damaged run.json is refused by resume, never run with defaults.
 */
// alone: it kills runs at instants of their first second, which another test's load would move
@org.junit.jupiter.api.Tag("alone")
class CrashIT {

    @TempDir
    Path dir;

    Process fsflow;

    @AfterEach
    void cleanUp() throws Exception {
        if (fsflow != null && fsflow.isAlive()) {
            fsflow.destroyForcibly().waitFor();
        }
        Leftovers.release(dir);
    }

    Path scenario() throws IOException {
        return Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: crash
                devices: { target: { loop: { size: 64MiB } } }
                filesystems: { ext4: {} }
                matrix: { filesystem: [ext4] }
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=4 conv=fsync 2>/dev/null
                  - umount
                """);
    }

    @Test
    void sigintBeforeRunJsonExitsThreeSaysNothingStartedAndLeavesNothing() throws Exception {
        Path f = scenario();
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        String jar = System.getProperty("fsflow.jar", "target/fsflow.jar");
        Path log = dir.resolve("fsflow.log");
        fsflow = new ProcessBuilder(new ArrayList<>(List.of(
                        "java", "-jar", jar, "run", f.toString(), "--out", out.toString(), "--work", work.toString())))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        // the plan header is printed once the handlers are in place and before run.json is written
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log).contains("scenario  crash") && System.nanoTime() < deadline && fsflow.isAlive()) {
            Thread.sleep(5);
        }
        new ProcessBuilder("kill", "-INT", String.valueOf(fsflow.pid())).start().waitFor();
        assertTrue(fsflow.waitFor(60, TimeUnit.SECONDS));
        String text = Files.readString(log);
        assertEquals(3, fsflow.exitValue(), text);
        if (Files.exists(out.resolve("run.json"))) {
            // the interrupt came after the commit: then the run must be resumable and complete
            assertTrue(text.contains("fsflow resume " + out), text);
            Cli resumed = Cli.run("resume", out.toString());
            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            throw new AssertionError("SIGINT came after run.json (this machine is slow): resumable, but the case "
                    + "under test was not reached: " + text);
        }
        assertTrue(
                text.contains("nothing was started")
                        && text.contains("continue with 'fsflow resume " + out + "'")
                        && text.contains("start it again with: fsflow run " + f + " --out " + out + " --work " + work),
                text);
        try (var left = Files.list(out)) {
            assertEquals(List.of(out.resolve("launch.json")), left.toList(), "only the command that started it");
        }
        assertFalse(Files.exists(work), "the work directory this run created is removed");
        assertFalse(Leftovers.loopsUnder(dir));
        assertFalse(Leftovers.mountsUnder(dir));
        // an interrupt is answered with resume: it starts the run afresh
        Cli resumed = Cli.run("resume", out.toString());
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.out().startsWith("the run was stopped before it recorded its settings"), resumed.out());
        assertEquals(
                List.of("ext4/r1/mkfs", "ext4/r1/mount", "ext4/r1/write", "ext4/r1/umount"),
                org.fsflow.result.Journal.read(out.resolve("results.jsonl")).stream()
                        .map(org.fsflow.result.Measurement::node)
                        .toList());
    }

    @Test
    void resumeRefusesATruncatedRunJsonAndRunsNothing() throws Exception {
        Path f = scenario();
        Path out = dir.resolve("out");
        Cli run = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        Path results = out.resolve("results.jsonl");
        List<String> rows = Files.readAllLines(results);
        byte[] json = Files.readAllBytes(out.resolve("run.json"));
        assertTrue(json.length > 40);

        for (int keep : new int[] {0, json.length / 2}) {
            Files.write(out.resolve("run.json"), java.util.Arrays.copyOf(json, keep));
            Cli resumed = Cli.run("resume", out.toString());
            assertEquals(1, resumed.exitCode(), resumed.out() + resumed.err());
            String err = resumed.err();
            assertTrue(
                    err.contains(out.resolve("run.json") + " is damaged (" + (keep == 0 ? "empty" : "not JSON")), err);
            assertTrue(err.contains("fsflow run FILE --out " + out), err);
            assertEquals(1, err.strip().lines().count(), "one error, no stack trace: " + err);
            assertEquals(rows, Files.readAllLines(results), "nothing ran");
        }
        assertFalse(Leftovers.loopsUnder(dir));
    }

    Path launcher() throws Exception {
        List<String> script = new ArrayList<>(List.of("#!/usr/bin/env bash", "set -euo pipefail"));
        script.add(LaunchRecordTest.launcherTrap());
        script.addAll(LaunchRecordTest.launcherRecord());
        String jar = Path.of(System.getProperty("fsflow.jar", "target/fsflow.jar"))
                .toAbsolutePath()
                .toString();
        script.add("exec java -XX:+UseSerialGC -Xmx512m -jar " + jar + " \"$@\"");
        Path f = Files.write(dir.resolve("fsflow"), script);
        f.toFile().setExecutable(true);
        return f;
    }

    Path firstInstant() throws Exception {
        Files.createDirectories(dir.resolve("place"));
        return Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: first-instant
                devices: { target: { dir: %s } }
                matrix: { n: [a, b] }
                steps:
                  - name: write
                    run: "head -c 1048576 /dev/zero > ${target.mnt}/f"
                  - name: wait
                    run: "sleep 0.2"
                """.formatted(dir.resolve("place")));
    }

    // started the launcher's way: its record functions (cut from ./fsflow), then the built jar;
    // answered with resume, from elsewhere: the recorded command's paths are taken from where it was given
    @ParameterizedTest(name = "SIG{0} at {1} ms")
    @CsvSource({"KILL,50", "KILL,150", "KILL,300", "KILL,600", "INT,50", "INT,300", "TERM,600"})
    void resumeAfterAnInterruptAtAnyInstantEndsWithEveryNodeOkOnce(String signal, int ms) throws Exception {
        Path launcher = launcher();
        firstInstant();
        // SIGINT at its default whatever started the tests (a background job of a script ignores it)
        fsflow = new ProcessBuilder(
                        "env",
                        "--default-signal=INT",
                        launcher.toString(),
                        "run",
                        "s.yaml",
                        "--out",
                        "out",
                        "--work",
                        "work")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile())
                .start();
        Thread.sleep(ms);
        new ProcessBuilder("kill", "-" + signal, Long.toString(fsflow.pid()))
                .start()
                .waitFor();
        assertTrue(fsflow.waitFor(120, TimeUnit.SECONDS));
        assertNotEquals(0, fsflow.exitValue(), "the signal stopped the run before its end");
        Path out = dir.resolve("out");
        Cli resumed = Cli.run("resume", out.toString());
        String log = Files.readString(dir.resolve("run.log")) + resumed.out() + resumed.err();
        if (resumed.exitCode() == 4) {
            // killed before the launcher wrote anything: nothing set up, nothing recorded
            assertFalse(Files.exists(out.resolve(LaunchRecord.FILE)), log);
            assertTrue(ms <= 50, "by " + ms + " ms the launcher has recorded the command: " + log);
            return;
        }
        assertEquals(0, resumed.exitCode(), log);
        List<Measurement> rows = Journal.read(out.resolve(Journal.FILE));
        Map<String, Long> count =
                rows.stream().collect(Collectors.groupingBy(Measurement::node, Collectors.counting()));
        assertEquals(Map.of("a/r1/write", 1L, "a/r1/wait", 1L, "b/r1/write", 1L, "b/r1/wait", 1L), count, log);
        assertTrue(rows.stream().allMatch(Measurement::ok), log);
        assertTrue(Files.size(out.resolve("report.html")) > 0, log);
        assertEquals(List.of(), FaithfulIT.fsflowCgroups(), "no cgroup left");
    }
}
