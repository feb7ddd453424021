package org.fsflow.report;

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
import org.fsflow.device.Capabilities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code fio:} step run for real: 4 KiB random writes with an fsync after each on ext4 and xfs
 * loop devices, twice each. Its rows hold fio's figures (IOPS, latency percentiles, the fsync
 * latency of fio's sync section) and the report shows them per filesystem, with their intervals.
 */
class FioStepIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aFioStepsFiguresAreInTheReport() throws Exception {
        assumeTrue(Capabilities.which("fio") != null, "fio is not installed (.ci/run installs it)");
        Path f = Files.writeString(dir.resolve("fio.yaml"), """
                fsflow: 1
                name: fio-step
                devices:
                  target: { loop: { size: 512MiB } }
                filesystems: { ext4: {}, xfs: {} }
                matrix: { filesystem: [ext4, xfs] }
                repeat: 2
                baseline: false
                steps:
                  - mkfs
                  - mount
                  - name: randwrite-fsync
                    fio: { rw: randwrite, bs: 4k, size: 8m, fsync: 1, ioengine: psync, runtime: 2, time_based: true }
                  - umount
                """);
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        List<JsonNode> fio = rows.stream()
                .filter(x -> x.get("step").asText().equals("randwrite-fsync"))
                .toList();
        assertEquals(4, fio.size(), rows.toString());
        for (JsonNode row : fio) {
            assertEquals("ok", row.get("status").asText(), row.toString());
            JsonNode m = row.get("metrics");
            assertTrue(m.path("randwrite-fsync.write.iops").asDouble() > 0, m.toString());
            assertTrue(m.path("randwrite-fsync.sync.lat_mean_ns").asDouble() > 0, "fsync latency parsed: " + m);
            assertTrue(row.get("command").asText().startsWith("fio --name=randwrite-fsync --output-format=json"));
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("randwrite-fsync · write"), report);
        assertTrue(report.contains("randwrite-fsync · sync"), report);
        assertTrue(report.contains(" ± "), "with intervals: " + report);
        assertTrue(Files.readString(out.resolve("report.html")).contains("randwrite-fsync · sync"));
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
    }
}
