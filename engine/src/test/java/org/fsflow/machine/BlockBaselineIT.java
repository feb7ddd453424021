package org.fsflow.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.device.Capabilities;
import org.fsflow.result.Baseline;
import org.fsflow.result.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code block:} device measured for real before it is formatted: a loop device this test
 * attaches stands for the drive, confirmed with {@code destroy: true} and {@code precondition:},
 * so the run fills it twice, writes it in rounds until SNIA's steady-state rule holds (or the
 * rounds run out), measures it with fio, and only then formats it for the first cell. Its figures
 * and preconditioning are in environment.json and the report.
 */
class BlockBaselineIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aConfirmedBlockDeviceIsPreconditionedAndMeasuredBeforeItIsFormatted() throws Exception {
        assumeTrue(Capabilities.which("fio") != null, "fio is not installed (.ci/run installs it)");
        Path image = dir.resolve("drive.img");
        try (var f = java.nio.channels.FileChannel.open(
                image, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            f.truncate(0);
            f.position((512L << 20) - 1);
            f.write(java.nio.ByteBuffer.wrap(new byte[1]));
        }
        Process attach = new ProcessBuilder("losetup", "--find", "--show", image.toString())
                .redirectErrorStream(true)
                .start();
        String loop = new String(attach.getInputStream().readAllBytes()).strip();
        assertEquals(0, attach.waitFor(), loop);
        Path f = Files.writeString(dir.resolve("block.yaml"), """
                fsflow: 1
                name: block-baseline
                devices:
                  target: { block: %s, destroy: true, precondition: { rounds: 6, round: 2s } }
                filesystems: { ext4: {} }
                matrix: { filesystem: [ext4] }
                repeat: 1
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=8 status=none
                  - umount
                """.formatted(loop));
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode disks = Json.MAPPER
                .readTree(out.resolve("environment.json").toFile())
                .path("baseline")
                .path("disks");
        assertEquals(2, disks.size(), "the work directory's disk, then the block device: " + disks);
        JsonNode d = disks.get(1);
        assertEquals("target", d.path("device").asText(), d.toString());
        assertEquals(loop, d.path("backing_source").asText(), d.toString());
        assertTrue(d.path("skipped").isMissingNode() || d.path("skipped").isNull(), d.toString());
        List<String> figures = new ArrayList<>(Baseline.FIGURES);
        for (String figure : figures) {
            assertTrue(d.path(figure).asDouble() > 0, figure + " measured: " + d);
        }
        assertTrue(d.path("job").asText().contains("filename=" + loop), "fio wrote the device itself: " + d);
        JsonNode p = d.path("precondition");
        assertEquals(2, p.path("fills").asInt(), p.toString());
        assertTrue(p.path("fill_bytes_per_s").asDouble() > 0, p.toString());
        int rounds = p.path("round_iops").size();
        assertTrue(rounds >= 5 && rounds <= 6, "at least the rule's window, at most the rounds asked: " + p);
        boolean steady = p.path("steady").asBoolean();
        assertEquals(steady, !p.path("steady_from_round").isNull(), p.toString());
        assertTrue(steady || rounds == 6, "rounds stop when steady, else run out: " + p);
        // the cell ran after all that, on the device
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("device 'target' " + loop), report);
        assertTrue(report.contains("preconditioned: filled 2 times"), report);
        assertTrue(report.contains("before it was formatted"), report);
        assertFalse(Leftovers.mountsUnder(dir), "nothing left mounted");
    }
}
