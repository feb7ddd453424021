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
 * section), since the write latencies are those of the buffered write() calls alone. Each job's
 * latency histogram (fio's {@code latency_ns}, {@code latency_us} and {@code latency_ms} buckets:
 * the percentage of its I/Os, all directions, whose total latency fell in each) is kept by decade, as
 * the share at or under 10 µs, 100 µs, 1 ms, 10 ms, 100 ms, 1 s and over 1 s
 * ({@code JOB.lat_le_10us_ios_pct} ... {@code JOB.lat_gt_1s_ios_pct}).
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
            histogram(job, name + ".lat_", m);
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

    // the decades of the histogram, by their upper bound in ns; the last holds what lies above 1 s
    private static final long[] DECADES = {10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L};
    private static final List<String> DECADE_NAMES =
            List.of("le_10us", "le_100us", "le_1ms", "le_10ms", "le_100ms", "le_1s", "gt_1s");

    // fio's latency buckets summed into decades; nothing when the job has none
    private static void histogram(JsonNode job, String p, Map<String, Object> m) {
        double[] sums = new double[DECADE_NAMES.size()];
        boolean any = false;
        for (String unit : List.of("ns", "us", "ms")) {
            long scale = unit.equals("ns") ? 1 : unit.equals("us") ? 1_000 : 1_000_000;
            var buckets = job.path("latency_" + unit).fields();
            while (buckets.hasNext()) {
                var b = buckets.next();
                any = true;
                String bound = b.getKey();
                int decade = DECADES.length; // ">=2000" ms and anything past 1 s
                if (bound.matches("\\d{1,9}")) {
                    long ns = Long.parseLong(bound) * scale;
                    decade = 0;
                    while (decade < DECADES.length && ns > DECADES[decade]) {
                        decade++;
                    }
                }
                sums[decade] += b.getValue().asDouble();
            }
        }
        for (int i = 0; any && i < sums.length; i++) {
            m.put(p + DECADE_NAMES.get(i) + "_ios_pct", Math.round(sums[i] * 1e6) / 1e6);
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
