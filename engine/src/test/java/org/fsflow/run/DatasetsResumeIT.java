package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose datasets live on a {@code source} loop device, interrupted once they are made (Ctrl-C,
 * then kill -9): the image with the datasets is kept, and resume mounts it as it was and uses the
 * datasets after checking them, without generating them again; the resumed run's end removes it.
 */
class DatasetsResumeIT {

    private static final String SCENARIO = """
            fsflow: 1
            name: keep
            devices:
              source: { loop: { size: 1GiB }, filesystem: ext4 }
              target: { loop: { size: 1GiB } }
            filesystems: { ext4: {} }
            datasets:
              small: { dirs: 4, files: 64, size: 64KiB, seed: 3 }
            matrix: { dataset: [small], filesystem: [ext4] }
            repeat: 3
            steps:
              - mkfs
              - mount
              - name: copy-in
                run: cp -r --reflink=never ${dataset.path} ${target.mnt}
                verify: true
              - name: pause
                run: sleep 1
              - umount
            """;

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
    void ctrlCKeepsTheSourceImageAndResumeUsesItsDatasetsWithoutGeneratingThem() throws Exception {
        interruptedThenResumed("INT");
    }

    @Test
    void killMinusNineLeavesItsDatasetsToResumeToo() throws Exception {
        interruptedThenResumed("KILL");
    }

    private void interruptedThenResumed(String signal) throws Exception {
        Path f = Files.writeString(dir.resolve("s.yaml"), SCENARIO);
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        Path image = work.resolve("source.img");
        Path log = dir.resolve("fsflow.log");
        fsflow = ResumeIT.start(log, "run", f.toString(), "--out", out.toString(), "--work", work.toString());
        // the first repetition's mkfs, mount, copy-in and pause: the datasets are made
        ResumeIT.waitForRows(fsflow, log, out, 4);
        new ProcessBuilder("kill", "-" + signal, String.valueOf(fsflow.pid()))
                .start()
                .waitFor();
        assertTrue(fsflow.waitFor(60, TimeUnit.SECONDS));
        String first = Files.readString(dir.resolve("fsflow.log"));
        assertTrue(first.contains("dataset small: generated 256 files"), first);
        if (signal.equals("INT")) {
            assertEquals(3, fsflow.exitValue(), first);
            assertTrue(first.contains("kept " + image + " with the datasets"), first);
            assertFalse(Leftovers.loopsUnder(work), "the kept image is detached");
            assertFalse(Leftovers.mountsUnder(work), "and unmounted");
        } else {
            Thread.sleep(1200); // the pause the dead run started ends
        }
        assertTrue(Files.exists(image), "the interrupted run kept the image with its datasets");

        Cli resumed = Cli.run("resume", out.toString());
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.out().contains("the image the interrupted run kept, mounted as it was"), resumed.out());
        assertTrue(resumed.out().contains("dataset small: reused 256 files"), resumed.out());
        assertFalse(resumed.out().contains("dataset small: generated"), resumed.out());
        List<com.fasterxml.jackson.databind.JsonNode> rows = RunnerIT.results(out);
        assertEquals(15, RunnerIT.nodes(rows).size(), rows.toString());
        assertTrue(rows.stream().allMatch(r -> r.get("status").asText().equals("ok")), rows.toString());
        assertFalse(Files.exists(image), "the resumed run's end removed the image");
        assertFalse(Leftovers.loopsUnder(work));
        RunnerIT.assertNoStateLeft(out);
    }
}
