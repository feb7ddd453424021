package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash consistency of a run's start: an interrupt before run.json exists leaves nothing behind
 * and says what to run again; a damaged run.json is refused by resume, never run with defaults.
 */
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
                        && text.contains("start it again with: fsflow run " + f + " --out " + out + " --work " + work),
                text);
        assertFalse(Files.exists(out), "the output directory this run created is removed");
        assertFalse(Files.exists(work), "and the work directory");
        assertFalse(Leftovers.loopsUnder(dir));
        assertFalse(Leftovers.mountsUnder(dir));
    }

    @Test
    void resumeRefusesATruncatedRunJsonAndRunsNothing() throws Exception {
        Path f = scenario();
        Path out = dir.resolve("out");
        Cli run = Cli.run(
                "run",
                f.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
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
}
