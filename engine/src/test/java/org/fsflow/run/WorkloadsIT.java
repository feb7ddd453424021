package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fsflow.Leftovers;
import org.fsflow.TestPaths;
import org.fsflow.cli.Cli;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every workload of the library run for real on a loop device, on ext4 and xfs: the tar archive
 * unpacked and checked, each tool's figures parsed from its own output, the sizes the tools were
 * given those the scenario wrote (in fsflow's units, not fio's).
 */
class WorkloadsIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void everyWorkloadRunsAndItsToolsFiguresAreRead() throws Exception {
        Path f = Files.copy(TestPaths.resources("valid").resolve("workloads.yaml"), dir.resolve("workloads.yaml"));
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("dataset tree: archived as "), r.out());
        // the run records what its journal held as it ended: 17 steps on each of 2 filesystems
        assertEquals(34, org.fsflow.result.RunEnd.read(out).orElseThrow().measurements());
        Map<String, Measurement> rows = Journal.read(out.resolve("results.jsonl")).stream()
                .collect(Collectors.toMap(Measurement::node, Function.identity()));
        for (String fs : List.of("ext4", "xfs")) {
            String cell = "tree/" + fs + "/r1/";
            rows.forEach((node, m) -> {
                if (node.startsWith(cell)) {
                    assertEquals("ok", m.status().name().toLowerCase(java.util.Locale.ROOT), node + ": " + m);
                }
            });
            // 200 files in 4 directories, and the tree's root: every entry unpacked, walked once
            assertEquals(205.0, figure(rows, cell + "cold-scan", "entries"));
            // remounted, nothing of the untar stays in memory: the walk reads the inodes from the device
            assertTrue(rows.get(cell + "cold-scan").readBytes() > 0, cell + "cold-scan read nothing from the device");
            assertEquals(0.0, figure(rows, cell + "git-status", "changed"), "git status of the committed tree");
            assertTrue(rows.get(cell + "git-status").readBytes() > 0, cell + "git-status is cold");
            // 200 files of 4 KiB, each one write
            assertEquals(819_200.0, figure(rows, cell + "small-files", "small-files.write.io_bytes"));
            assertTrue(figure(rows, cell + "small-files", "small-files.write.iops") > 0);
            // ${params.fio_size} is 8MiB: 2048 writes of 4 KiB, not fio's 8,000,000 bytes
            assertEquals(8_388_608.0, figure(rows, cell + "randwrite-fsync", "randwrite-fsync.write.io_bytes"));
            assertEquals(8_388_608.0, figure(rows, cell + "randread-qd32", "randread-qd32.read.io_bytes"));
            assertEquals(16_777_216.0, figure(rows, cell + "seq-read", "seq-read.read.io_bytes"));
            assertTrue(figure(rows, cell + "dbench", "throughput") > 0);
            assertTrue(figure(rows, cell + "fileio", "writes_per_s") > 0);
            assertTrue(figure(rows, cell + "fileio", "fsyncs_per_s") > 0);
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("### step dbench, dataset tree"), "the tools' figures are in the report");
        assertTrue(report.contains("| writes\\_per\\_s | /s |"), report);
    }

    private static double figure(Map<String, Measurement> rows, String node, String name) {
        Measurement m = rows.get(node);
        assertTrue(m != null, node + " has a row");
        Object v = m.metrics().get(name);
        assertTrue(v instanceof Number, node + " " + name + ": " + m.metrics());
        return ((Number) v).doubleValue();
    }
}
