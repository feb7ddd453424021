package org.fsflow.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Json;

/**
 * {@code parse: fio}: {@code fio --output-format=json}, read from the first '{' (fio may print
 * other lines before it). Per job and direction (read, write, trim): bandwidth in bytes/s, IOPS,
 * completion latency mean and percentiles in ns; and the totals per direction over all jobs. A
 * job that synced ({@code --fsync=N}, {@code --fdatasync=N}) also gets its syncs' count and
 * latency ({@code JOB.sync.lat_mean_ns}, {@code JOB.sync.lat_p99_ns}, ...: fio's {@code sync}
 * section), since the write latencies are those of the buffered write() calls alone.
 */
final class FioParser implements OutputParser {

    static final List<String> DIRECTIONS = List.of("read", "write", "trim");
    static final Map<String, String> PERCENTILES =
            Map.of("50.000000", "p50", "95.000000", "p95", "99.000000", "p99", "99.900000", "p99_9");

    @Override
    public Map<String, Object> parse(String stdout, String stderr) throws Unparseable {
        int start = stdout.indexOf('{');
        if (start < 0) {
            throw new Unparseable("no JSON in the output: run fio with --output-format=json");
        }
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(stdout.substring(start));
        } catch (IOException e) {
            throw new Unparseable("fio's JSON does not parse: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        JsonNode jobs = root.path("jobs");
        if (!jobs.isArray() || jobs.isEmpty()) {
            throw new Unparseable("fio's JSON has no jobs");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Double> bw = new LinkedHashMap<>();
        Map<String, Double> iops = new LinkedHashMap<>();
        for (JsonNode job : jobs) {
            String name = job.path("jobname").asText("job");
            for (String dir : DIRECTIONS) {
                JsonNode d = job.path(dir);
                if (d.isMissingNode()
                        || d.path("total_ios").asLong(0) == 0
                                && d.path("io_bytes").asLong(0) == 0) {
                    continue;
                }
                String p = name + "." + dir + ".";
                double bwBytes = d.has("bw_bytes")
                        ? d.get("bw_bytes").asDouble()
                        : d.path("bw").asDouble() * 1024;
                m.put(p + "bw_bytes", bwBytes);
                m.put(p + "iops", d.path("iops").asDouble());
                m.put(p + "io_bytes", d.path("io_bytes").asDouble());
                JsonNode clat = d.path("clat_ns");
                if (!clat.isMissingNode()) {
                    m.put(p + "clat_mean_ns", clat.path("mean").asDouble());
                    percentiles(clat, p + "clat_", m);
                }
                bw.merge(dir, bwBytes, Double::sum);
                iops.merge(dir, d.path("iops").asDouble(), Double::sum);
            }
            syncs(job.path("sync"), name + ".sync.", m);
        }
        bw.forEach((dir, v) -> m.put(dir + ".bw_bytes", v));
        iops.forEach((dir, v) -> m.put(dir + ".iops", v));
        return m;
    }

    // fio's sync section (fsync or fdatasync calls): their count, mean latency and percentiles
    private static void syncs(JsonNode sync, String p, Map<String, Object> m) {
        long n = sync.path("total_ios").asLong(0);
        if (n == 0) {
            return;
        }
        m.put(p + "total_ios", (double) n);
        JsonNode lat = sync.path("lat_ns");
        if (!lat.isMissingNode()) {
            m.put(p + "lat_mean_ns", lat.path("mean").asDouble());
            percentiles(lat, p + "lat_", m);
        }
    }

    private static void percentiles(JsonNode latency, String p, Map<String, Object> m) {
        latency.path("percentile").fields().forEachRemaining(e -> {
            String label = PERCENTILES.get(e.getKey());
            if (label != null) {
                m.put(p + label + "_ns", e.getValue().asDouble());
            }
        });
    }
}
