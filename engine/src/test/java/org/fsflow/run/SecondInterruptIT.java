package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second Ctrl-C while the teardown runs (a lifecycle's destroy that takes seconds): the teardown
 * is not abandoned; fsflow lists what is left with the commands that remove it, then either ends
 * the teardown (exit 3, nothing left) or, killed, leaves what those commands remove.
 */
class SecondInterruptIT {

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

    @Test
    void theTeardownEndsAndSaysSoExitThree() throws Exception {
        Path log = interruptTwice();
        assertTrue(fsflow.waitFor(5, TimeUnit.MINUTES), "a guard against a hang");
        String text = Files.readString(log);
        assertEquals(3, fsflow.exitValue(), text);
        assertTrue(text.contains("interrupted again: the teardown goes on until everything set up is released"), text);
        assertTrue(text.contains("or these commands, in this order:"), text);
        assertTrue(text.contains("  destroy slow (touch "), "the destroy under way is listed: " + text);
        assertTrue(text.contains("the teardown ended: nothing is left to release"), text);
        assertTrue(text.contains("fsflow resume " + dir.resolve("out")), text);
        assertFalse(Files.exists(dir.resolve("out/state.json")), "nothing left to release");
        assertClean();
    }

    @Test
    void killedAfterTheSecondInterruptWhatIsLeftGoesWithThePrintedCommands() throws Exception {
        Path log = interruptTwice();
        waitFor(log, "or these commands, in this order:");
        // the user gives up on the teardown: what it printed must be enough
        Thread.sleep(500);
        fsflow.destroyForcibly().waitFor();
        List<String> lines = Files.readAllLines(log);
        int from = lines.indexOf(lines.stream()
                        .filter(l -> l.contains("or these commands, in this order:"))
                        .findFirst()
                        .orElseThrow())
                + 1;
        int run = 0;
        for (String line : lines.subList(from, lines.size())) {
            if (!line.startsWith("  ") || !line.contains(": ")) {
                continue; // a line the run printed meanwhile
            }
            String command = line.substring(line.indexOf(": ") + 2);
            if (command.startsWith("touch ")) {
                continue; // the lifecycle's destroy of this test: it only waits
            }
            // run as printed; what counts is the state afterwards (one may already be released)
            new ProcessBuilder("sh", "-c", command).inheritIO().start().waitFor();
            run++;
        }
        String text = String.join("\n", lines);
        assertTrue(run >= 2, "the loop device and its image at least: " + text);
        assertTrue(text.contains("losetup --noheadings --output NAME --associated "), text);
        assertClean();
    }

    // starts a run, Ctrl-C during its step, Ctrl-C again while the lifecycle's destroy runs
    private Path interruptTwice() throws Exception {
        Path f = Files.writeString(dir.resolve("twice.yaml"), """
                fsflow: 1
                name: twice
                devices: { target: { loop: { size: 64MiB } } }
                filesystems:
                  slow:
                    lifecycle:
                      requires: [mkfs.ext4]
                      create: mkfs.ext4 -q -F ${target.dev}
                      mount: mount ${target.dev} ${target.mnt}
                      umount: umount ${target.mnt}
                      destroy: touch ${run.work}/tearing; sleep 6
                matrix: { filesystem: [slow] }
                steps:
                  - mkfs
                  - mount
                  - name: wait
                    run: touch ${run.work}/waiting; sleep 600
                  - umount
                """);
        Path work = dir.resolve("work");
        Path log = dir.resolve("fsflow.log");
        String jar = System.getProperty("fsflow.jar", "target/fsflow.jar");
        fsflow = new ProcessBuilder(List.of(
                        "java",
                        "-jar",
                        jar,
                        "run",
                        f.toString(),
                        "--out",
                        dir.resolve("out").toString(),
                        "--work",
                        work.toString()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        waitForFile(work.resolve("waiting"), log);
        signal("INT");
        waitForFile(work.resolve("tearing"), log);
        signal("INT");
        return log;
    }

    private void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, String.valueOf(fsflow.pid()))
                .start()
                .waitFor();
    }

    private void waitForFile(Path marker, Path log) throws Exception {
        while (!Files.exists(marker)) {
            assertTrue(fsflow.isAlive(), "fsflow ended before " + marker + ": " + Files.readString(log));
            Thread.sleep(20);
        }
    }

    private void waitFor(Path log, String text) throws Exception {
        while (!Files.readString(log).contains(text)) {
            assertTrue(fsflow.isAlive(), "fsflow ended before '" + text + "': " + Files.readString(log));
            Thread.sleep(20);
        }
    }

    private void assertClean() throws Exception {
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
        assertFalse(Leftovers.mountsUnder(dir), "no mount left");
        assertFalse(Files.exists(dir.resolve("work/target.img")), "the image is removed");
    }
}
