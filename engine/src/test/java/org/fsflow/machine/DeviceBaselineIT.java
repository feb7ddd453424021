package org.fsflow.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk under a run's work directory measured for real with fio before the first cell: its figures
 * in environment.json and the report, its rotational flag judged against the measured latency, the
 * measurement reused by the next run, and none when the scenario says {@code baseline: false}.
 */
class DeviceBaselineIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    private Path scenario(String extra) throws IOException {
        Files.createDirectories(dir.resolve("place"));
        return Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: baseline
                devices: { target: { dir: %s } }
                repeat: 3
                %s
                steps:
                  - name: nothing
                    run: "true"
                """.formatted(dir.resolve("place"), extra));
    }

    private JsonNode disk(Path out) throws IOException {
        JsonNode disks = Json.MAPPER
                .readTree(out.resolve("environment.json").toFile())
                .path("baseline")
                .path("disks");
        assertEquals(1, disks.size(), disks.toString());
        return disks.get(0);
    }

    @Test
    void theWorkDirectorysDiskIsMeasuredJudgedAndReused() throws IOException {
        Path f = scenario("");
        Path out = dir.resolve("out");
        Cli first = Cli.run(
                "run",
                f.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertEquals(0, first.exitCode(), first.out() + first.err());
        JsonNode d = disk(out);
        assertTrue(d.path("skipped").isNull() || d.path("skipped").isMissingNode(), d.toString());
        List<String> figures = new java.util.ArrayList<>(org.fsflow.result.Baseline.FIGURES);
        figures.add("fsync_latency_median_s");
        for (String figure : figures) {
            assertTrue(d.path(figure).asDouble() > 0, figure + ": " + d);
        }
        assertTrue(d.path("fio_version").asText().startsWith("fio-"), d.toString());
        assertTrue(d.path("job").asText().contains("direct=1"), d.toString());
        assertTrue(d.path("bus").isTextual(), d.toString());
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("Disk measured (fio)") && report.contains("sequential read"), report);
        String row = report.lines()
                .filter(l -> l.contains("Disk measured (fio)"))
                .findFirst()
                .orElseThrow();
        assertFalse(row.contains("–"), "every figure of the baseline reached the report: " + row);
        // a disk flagged rotational whose random reads at depth 1 outrun a head is named virtual or cached
        boolean fast = d.path("rand_read_iops_qd1").asDouble() > DeviceBaseline.SPINNING_IOPS;
        if (d.path("rotational").asBoolean(false) && fast) {
            assertTrue(d.path("rotational_contradicted").asText().contains("virtual or cached"), d.toString());
            assertTrue(report.contains("contradicted by the baseline"), report);
        } else {
            assertTrue(!d.hasNonNull("rotational_contradicted") || !fast, d.toString());
        }

        // another work directory on the same disk: the same measurement
        Path again = dir.resolve("again");
        Cli second = Cli.run(
                "run",
                f.toString(),
                "--out",
                again.toString(),
                "--work",
                dir.resolve("work2").toString());
        assertEquals(0, second.exitCode(), second.out() + second.err());
        JsonNode reused = disk(again);
        assertTrue(reused.path("reused").asBoolean(), reused.toString());
        assertEquals(d.path("measured_at").asText(), reused.path("measured_at").asText());
        assertEquals(
                d.path("seq_read_bytes_per_s").asDouble(),
                reused.path("seq_read_bytes_per_s").asDouble());
        assertTrue(Files.notExists(dir.resolve("work/.fsflow-baseline")), "the scratch file is removed");
    }

    @Test
    void baselineFalseMeasuresNothing() throws IOException {
        Path out = dir.resolve("none");
        Cli r = Cli.run(
                "run",
                scenario("baseline: false").toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode d = disk(out);
        assertEquals("the scenario says baseline: false", d.path("skipped").asText());
        assertNull(d.get("seq_read_bytes_per_s"));
        assertTrue(Files.readString(out.resolve("report.md")).contains("not measured, the scenario says baseline"));
    }
}
