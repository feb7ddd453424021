package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Journal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full disks: a step that fills its tiny loop target fails as "device full" and the campaign goes
 * on; an output directory on a tiny tmpfs that fills up stops the run with one error and an intact
 * journal, and resume completes once space is freed.
 */
class DiskFullIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aStepThatFillsTheTargetFailsAsDeviceFullAndTheNextCellStartsClean() throws Exception {
        Path f = Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: fills
                devices: { target: { loop: { size: 32MiB } } }
                filesystems: { ext4: {}, ext2: {} }
                matrix: { filesystem: [ext4, ext2] }
                steps:
                  - mkfs
                  - mount
                  - name: fill-loud
                    run: dd if=/dev/zero of=${target.mnt}/a bs=1M count=64
                    on_error: continue
                  - name: clear
                    run: rm -f ${target.mnt}/a
                  - name: fill-quiet
                    run: head -c 64M /dev/zero > ${target.mnt}/b 2>/dev/null
                    on_error: continue
                  - name: after
                    run: ls ${target.mnt}
                  - umount
                """);
        Path out = dir.resolve("out");
        Cli run = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(1, run.exitCode(), run.out() + run.err());
        List<JsonNode> rows = RunnerIT.results(out);
        assertEquals(14, rows.size(), rows.toString());
        for (JsonNode r : rows) {
            String step = r.get("step").asText();
            if (step.startsWith("fill-")) {
                assertEquals("failed", r.get("status").asText(), r.toString());
                assertTrue(r.get("reason").asText().startsWith("device full: the filesystem on "), r.toString());
                assertTrue(
                        r.get("reason")
                                .asText()
                                .contains(step.equals("fill-loud") ? "in the step's stderr" : "0 bytes free"),
                        r.toString());
            } else {
                assertEquals("ok", r.get("status").asText(), "the campaign goes on, the next mkfs starts clean: " + r);
            }
        }
        assertFalse(Leftovers.loopsUnder(dir));
        assertFalse(Leftovers.mountsUnder(dir));
    }

    @Test
    void aFullOutputDiskStopsTheRunWithAnIntactJournalAndResumeCompletes() throws Exception {
        Path fs = Files.createDirectories(dir.resolve("outfs"));
        assertEquals(
                0,
                new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4M,mode=0700", "fsflow-test-out", fs.toString())
                        .inheritIO()
                        .start()
                        .waitFor());
        try {
            StringBuilder steps = new StringBuilder("""
                      - name: fill-out-disk
                        run: "[ -e ${run.work}/filled ] || { touch ${run.work}/filled; dd if=/dev/zero of=${run.out}/../ballast bs=4k 2>/dev/null; }; true"
                    """);
            for (int i = 1; i <= 40; i++) {
                steps.append("  - name: s").append(i).append("\n    run: \"true\"\n");
            }
            Path f = Files.writeString(
                    dir.resolve("s.yaml"),
                    "fsflow: 1\nname: outfull\ndevices: { target: { dir: " + dir.resolve("target") + " } }\nsteps:\n"
                            + steps);
            Files.createDirectories(dir.resolve("target"));
            Path out = fs.resolve("out");
            Cli run = Cli.campaign(f, out, dir.resolve("work"));
            assertEquals(1, run.exitCode(), run.out() + run.err());
            assertTrue(
                    run.err().contains("the disk of the output directory " + out + " is full")
                            && run.err().contains("fsflow resume " + out),
                    run.err());
            assertTrue(run.noStackTrace(), run.err());
            byte[] journal = Files.readAllBytes(out.resolve(Journal.FILE));
            assertTrue(journal.length == 0 || journal[journal.length - 1] == '\n', "no torn line");
            int before = Journal.read(out.resolve(Journal.FILE)).size();
            assertTrue(before < 41, "stopped before the end: " + before);

            Files.delete(fs.resolve("ballast"));
            Cli resumed = Cli.run("resume", out.toString());
            assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
            List<JsonNode> rows = RunnerIT.results(out);
            assertEquals(41, RunnerIT.nodes(rows).size(), rows.toString());
            assertEquals(41, rows.size(), "every node exactly once");
        } finally {
            new ProcessBuilder("umount", "-l", fs.toString())
                    .inheritIO()
                    .start()
                    .waitFor();
        }
    }
}
