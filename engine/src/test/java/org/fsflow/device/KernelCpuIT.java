package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filesystem's kernel work, measured for real: 256 MiB of compressible text copied into btrfs
 * mounted with compress=zstd (flushed inside the step) makes btrfs's workqueue workers compress it,
 * so the step records {@code kernel_cpu_s} above zero with the {@code btrfs} class among its
 * {@code kernel_cpu_classes}, and that work attributed to the step ({@code kernel_cpu_fs_s}). With
 * nothing else running, the report does not flag the host busy for it, and shows the table "CPU
 * with the filesystem's kernel work".
 */
// alone: another campaign's CPU on the host would make it busy, which is what this test rules out
@org.junit.jupiter.api.Tag("alone")
class KernelCpuIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aCompressedBtrfsCopyRecordsBtrfsKernelThreadsAndIsNotBusy() throws Exception {
        assumeTrue(Capabilities.which("mkfs.btrfs") != null, "btrfs-progs is not installed (.ci/run installs it)");
        Path work = dir.resolve("work");
        Path out = dir.resolve("out");
        Path f = Files.writeString(dir.resolve("kthreads.yaml"), """
                fsflow: 1
                name: kernel-cpu
                devices:
                  target: { loop: { size: 1GiB } }
                filesystems:
                  btrfs: { mkfs_options: [-f], mount_options: [compress=zstd] }
                matrix: { filesystem: [btrfs] }
                repeat: 1
                steps:
                  - mkfs
                  - mount
                  - name: copy
                    before: yes 'fsflow kernel threads, compressible text' | head -c 256M > ${run.work}/src
                    run: cp ${run.work}/src ${target.mnt}/copy
                    flush: true
                  - umount
                """);
        Cli r = Cli.campaign(f, out, work);
        String text = r.out() + r.err();
        assertEquals(0, r.exitCode(), text);
        List<JsonNode> rows = TestResults.read(out);
        JsonNode copy = rows.stream()
                .filter(x -> x.get("step").asText().equals("copy"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no copy row: " + rows));
        assertEquals("ok", copy.get("status").asText(), copy.toString());
        assertTrue(copy.get("kernel_cpu_s").asDouble() > 0, "kernel threads worked: " + copy);
        JsonNode classes = copy.get("kernel_cpu_classes");
        assertTrue(classes.has("btrfs") && classes.get("btrfs").asDouble() > 0, "btrfs's threads named: " + copy);
        assertTrue(
                copy.get("kernel_cpu_fs_s").asDouble() >= classes.get("btrfs").asDouble(), copy.toString());
        String report = Files.readString(out.resolve("report.md"));
        assertFalse(report.contains("the host was busy"), "a quiet run is not busy because of btrfs:\n" + report);
        assertTrue(report.contains("CPU with the filesystem's kernel work"), report);
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
    }
}
