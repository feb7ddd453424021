package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results.jsonl contract: field order, status names, and journals written before host/kernel/virt. */
class MeasurementTest {

    // a line of reports/cds-2009/results.jsonl as published, before host, kernel and virt existed
    static final String OLD_LINE = "{\"node\":\"test1/ext3/r1/mount\",\"step\":\"mount\",\"dataset\":\"test1\","
            + "\"filesystem\":\"ext3\",\"repeat\":1,\"cell\":{\"dataset\":\"test1\",\"filesystem\":\"ext3\"},"
            + "\"command\":\"mount -t ext3 /dev/loop1 /mnt\",\"status\":\"timeout\",\"exit_code\":137,\"reason\":null,"
            + "\"real_s\":0.019105,\"user_s\":0.002941,\"sys_s\":0.002675,\"cpu_pct\":31,\"max_rss_kb\":2512,"
            + "\"minor_faults\":229,\"major_faults\":0,\"read_bytes\":185344,\"write_bytes\":4096,\"io_busy_ms\":0,"
            + "\"started_at\":\"2026-11-30T06:57:03.156871860Z\",\"ended_at\":\"2026-11-30T06:57:03.175977322Z\","
            + "\"metrics\":{},\"devices\":[\"loop0\",\"loop1\"],\"mkfs_options\":[],\"mount_options\":[],"
            + "\"cpu_method\":\"cgroup2-cpu.stat\",\"memory_method\":\"sampled-vmhwm\","
            + "\"log\":[\"logs/test1/ext3/r1/mount.out\",\"logs/test1/ext3/r1/mount.err\"]}";

    @TempDir
    Path dir;

    @Test
    void anOldJournalReadsWithoutWhereItRan() throws Exception {
        Path file = dir.resolve(Journal.FILE);
        Files.writeString(file, OLD_LINE + "\n");
        Measurement m = Journal.read(file).get(0);
        assertEquals(Status.TIMEOUT, m.status());
        assertEquals(137, m.exitCode());
        assertNull(m.host());
        assertNull(m.kernel());
        assertNull(m.virt());
        assertNull(m.memoryBudgetBytes());
        assertNull(m.scale());
        assertEquals(false, m.warmup());
        // written again, the old line comes back with the new fields appended, null (warmup false)
        String again = Json.MAPPER.writeValueAsString(m);
        assertEquals(
                OLD_LINE.substring(0, OLD_LINE.length() - 1) + ",\"host\":null,\"kernel\":null,\"virt\":null,"
                        + "\"memory_budget_bytes\":null,\"flush_s\":null,\"host_other_cpu_s\":null,\"warmup\":false,"
                        + "\"signal\":null,\"oom_kills\":null,\"service_cpu_s\":null,\"scale\":null,"
                        + "\"kernel_cpu_s\":null,\"kernel_cpu_fs_s\":null,\"kernel_cpu_classes\":null}",
                again);
    }

    @Test
    void fieldsKeepTheirContractOrderWithWhereItRanLast() throws Exception {
        Measurement m = Measurement.builder("a/r1/s", "s")
                .repeat(1)
                .status(Status.OK)
                .host("box")
                .kernel("6.1.0")
                .virt("tcg")
                .build();
        JsonNode json = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(m));
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        assertEquals(
                List.of(
                        "node",
                        "step",
                        "dataset",
                        "filesystem",
                        "repeat",
                        "cell",
                        "command",
                        "status",
                        "exit_code",
                        "reason",
                        "real_s",
                        "user_s",
                        "sys_s",
                        "cpu_pct",
                        "max_rss_kb",
                        "minor_faults",
                        "major_faults",
                        "read_bytes",
                        "write_bytes",
                        "io_busy_ms",
                        "started_at",
                        "ended_at",
                        "metrics",
                        "devices",
                        "mkfs_options",
                        "mount_options",
                        "cpu_method",
                        "memory_method",
                        "log",
                        "host",
                        "kernel",
                        "virt",
                        "memory_budget_bytes",
                        "flush_s",
                        "host_other_cpu_s",
                        "warmup",
                        "signal",
                        "oom_kills",
                        "service_cpu_s",
                        "scale",
                        "kernel_cpu_s",
                        "kernel_cpu_fs_s",
                        "kernel_cpu_classes"),
                names);
        assertEquals("ok", json.get("status").asText());
        assertEquals("tcg", json.get("virt").asText());
    }

    @Test
    void everyStatusIsItsLowerCaseName() throws Exception {
        for (Status s : Status.values()) {
            String json = Json.MAPPER.writeValueAsString(s);
            assertEquals("\"" + s.name().toLowerCase(java.util.Locale.ROOT) + "\"", json);
            assertEquals(s, Json.MAPPER.readValue(json, Status.class));
        }
        assertThrows(IllegalArgumentException.class, () -> Status.of("OK"));
    }

    @Test
    void aFailureKeepsItsFiguresAndMetricsReplaceOnlyMetrics() {
        Measurement m = Measurement.builder("n", "s")
                .status(Status.OK)
                .realS(1.5)
                .host("h")
                .build();
        Measurement failed = m.failedBecause("unparseable");
        assertEquals(Status.FAILED, failed.status());
        assertEquals("unparseable", failed.reason());
        assertEquals(1.5, failed.realS());
        assertEquals("h", failed.host());
        Measurement withFigures = m.withMetrics(Map.of("mb_s", 3.0));
        assertEquals(Map.of("mb_s", 3.0), withFigures.metrics());
        assertEquals(m.toBuilder().metrics(Map.of("mb_s", 3.0)).build(), withFigures);
    }
}
