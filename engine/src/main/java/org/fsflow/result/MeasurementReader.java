package org.fsflow.result;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one measurement from a {@code results.jsonl} line token by token, as the JSON mapper would
 * bind it (unknown fields skipped, absent fields null, {@code metrics} values as untyped JSON), at
 * a fraction of the cost: a report of 10^5 rows spends most of its time here.
 */
final class MeasurementReader {

    // numbers parsed by Jackson's own fast parser: correctly rounded, the same doubles as Double.parseDouble
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .build();

    private MeasurementReader() {}

    /** The measurement of the JSON object {@code line[offset, offset + length)}. */
    static Measurement read(byte[] line, int offset, int length) throws IOException {
        try (JsonParser p = JSON.createParser(line, offset, length)) {
            p.nextToken();
            Measurement m = read(p, new Values());
            if (p.nextToken() != null) {
                throw new IOException("not one JSON object");
            }
            return m;
        }
    }

    /** A parser of a whole journal, one measurement after the other. */
    static JsonParser parser(java.io.InputStream in) throws IOException {
        return JSON.createParser(in);
    }

    /**
     * The measurement whose START_OBJECT {@code p} is at; it ends at its END_OBJECT. A cell equal to
     * the previous row's is that row's map ({@code values}).
     */
    static Measurement read(JsonParser p, Values values) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new IOException("not a JSON object");
        }
        MeasurementBuilder b = Measurement.builder(null, null);
        b.cell(null)
                .metrics(null)
                .devices(null)
                .mkfsOptions(null)
                .mountOptions(null)
                .log(null);
        boolean step = false;
        boolean status = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (t == JsonToken.VALUE_NULL) {
                continue;
            }
            step |= name.equals("step");
            status |= name.equals("status");
            if (!text(b, name, p) && !number(b, name, p) && !structure(b, name, p, values)) {
                p.skipChildren();
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("not a JSON object");
        }
        if (!step || !status) {
            throw new RowErrors.RowProblem("it has no '" + (step ? "status" : "step") + "'");
        }
        return b.build();
    }

    private static boolean text(MeasurementBuilder b, String name, JsonParser p) throws IOException {
        switch (name) {
            case "node" -> b.node(string(p));
            case "step" -> b.step(string(p));
            case "dataset" -> b.dataset(string(p));
            case "filesystem" -> b.filesystem(string(p));
            case "command" -> b.command(string(p));
            case "status" -> b.status(Status.of(string(p)));
            case "reason" -> b.reason(string(p));
            case "started_at" -> b.startedAt(string(p));
            case "ended_at" -> b.endedAt(string(p));
            case "cpu_method" -> b.cpuMethod(string(p));
            case "memory_method" -> b.memoryMethod(string(p));
            case "host" -> b.host(string(p));
            case "kernel" -> b.kernel(string(p));
            case "virt" -> b.virt(string(p));
            case "signal" -> b.signal(string(p));
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean number(MeasurementBuilder b, String name, JsonParser p) throws IOException {
        switch (name) {
            case "repeat" -> b.repeat(RowNumbers.whole(p, 0));
            case "exit_code" -> b.exitCode(RowNumbers.whole(p, Integer.MIN_VALUE));
            case "real_s" -> b.realS(RowNumbers.seconds(p));
            case "user_s" -> b.userS(RowNumbers.seconds(p));
            case "sys_s" -> b.sysS(RowNumbers.seconds(p));
            case "cpu_pct" -> b.cpuPct(RowNumbers.count(p));
            case "max_rss_kb" -> b.maxRssKb(RowNumbers.count(p));
            case "minor_faults" -> b.minorFaults(RowNumbers.count(p));
            case "major_faults" -> b.majorFaults(RowNumbers.count(p));
            case "read_bytes" -> b.readBytes(RowNumbers.count(p));
            case "write_bytes" -> b.writeBytes(RowNumbers.count(p));
            case "io_busy_ms" -> b.ioBusyMs(RowNumbers.count(p));
            case "memory_budget_bytes" -> b.memoryBudgetBytes(RowNumbers.count(p));
            case "flush_s" -> b.flushS(RowNumbers.finite(p));
            case "host_other_cpu_s" -> b.hostOtherCpuS(RowNumbers.finite(p));
            case "service_cpu_s" -> b.serviceCpuS(RowNumbers.finite(p));
            case "kernel_cpu_s" -> b.kernelCpuS = RowNumbers.finite(p);
            case "kernel_cpu_fs_s" -> b.kernelCpuFsS = RowNumbers.finite(p);
            case "oom_kills" -> b.oomKills(RowNumbers.count(p));
            case "scale" -> b.scale(RowNumbers.positive(p));
            case "guest_repetition" -> b.guestRepetition(RowNumbers.whole(p, Integer.MIN_VALUE));
            case "warmup" -> b.warmup(RowNumbers.bool(p));
            case "retaken" -> b.retaken = RowNumbers.bool(p) ? Boolean.TRUE : null;
            case "disturbed" -> b.disturbed = RowNumbers.bool(p) ? Boolean.TRUE : null;
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean structure(MeasurementBuilder b, String name, JsonParser p, Values v) throws IOException {
        switch (name) {
            case "cell" -> b.cell(v.cell(strings(p)));
            case "metrics" -> b.metrics(untyped(p));
            case "devices" -> b.devices(list(p));
            case "mkfs_options" -> b.mkfsOptions(list(p));
            case "mount_options" -> b.mountOptions(list(p));
            case "log" -> b.log(list(p));
            case "kernel_cpu_classes" -> b.kernelCpuClasses = seconds(p);
            case "crash" -> b.crash(Json.MAPPER.readValue(p, CrashFacts.class)); // a few rows: the mapper binds them
            case "traffic" -> b.traffic = traffic(counts(p));
            case "shared_extents" -> b.sharedExtents = shared(counts(p));
            case "samples" -> b.samples = series(p);
            default -> {
                return false;
            }
        }
        return true;
    }

    private static String string(JsonParser p) throws IOException {
        if (!p.currentToken().isScalarValue()) {
            throw new IOException("'" + p.currentName() + "' is not a string");
        }
        return p.getValueAsString();
    }

    private static Map<String, String> strings(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        Map<String, String> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            out.put(key, p.currentToken() == JsonToken.VALUE_NULL ? null : string(p));
        }
        return out;
    }

    private static Map<String, Object> untyped(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        Map<String, Object> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            out.put(
                    key,
                    switch (t) {
                        case VALUE_NULL -> null;
                        case VALUE_TRUE, VALUE_FALSE -> p.getBooleanValue();
                        case VALUE_NUMBER_INT -> p.getNumberValue();
                        case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                        case VALUE_STRING -> p.getText();
                        default -> Json.MAPPER.readValue(p, Object.class);
                    });
        }
        return out;
    }

    // an object of seconds: each a finite number or null
    private static Map<String, Double> seconds(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        Map<String, Double> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            out.put(key, p.currentToken() == JsonToken.VALUE_NULL ? null : RowNumbers.finite(p));
        }
        return out;
    }

    // an object of byte counts: each a whole number not below 0, or null
    private static Map<String, Long> counts(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        Map<String, Long> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            out.put(key, p.currentToken() == JsonToken.VALUE_NULL ? null : RowNumbers.count(p));
        }
        return out;
    }

    private static Traffic traffic(Map<String, Long> v) {
        Long[] f = Traffic.NAMES.stream().map(v::get).toArray(Long[]::new);
        return new Traffic(f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
    }

    private static SharedExtents shared(Map<String, Long> v) throws IOException {
        Long files = v.get("files");
        if (files == null || files > Integer.MAX_VALUE || v.get("bytes") == null || v.get("shared_bytes") == null) {
            throw new RowErrors.RowProblem("'shared_extents' needs files, bytes and shared_bytes");
        }
        return new SharedExtents(files.intValue(), v.get("bytes"), v.get("shared_bytes"));
    }

    // the time series: lists of finite numbers (dirty_bytes: byte counts), each value or null
    private static TimeSeries series(JsonParser p) throws IOException {
        expect(p, JsonToken.START_OBJECT);
        Map<String, List<Double>> lists = new LinkedHashMap<>();
        List<Long> dirty = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            if (p.currentToken() == JsonToken.VALUE_NULL) {
                continue;
            }
            expect(p, JsonToken.START_ARRAY);
            List<Double> doubles = new ArrayList<>();
            List<Long> longs = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                boolean none = p.currentToken() == JsonToken.VALUE_NULL;
                if (key.equals("dirty_bytes")) {
                    longs.add(none ? null : RowNumbers.count(p));
                } else {
                    doubles.add(none ? null : RowNumbers.finite(p));
                }
            }
            if (key.equals("dirty_bytes")) {
                dirty = longs;
            } else {
                lists.put(key, doubles);
            }
        }
        return new TimeSeries(
                lists.get("t_s"),
                lists.get("read_bytes_per_s"),
                lists.get("write_bytes_per_s"),
                lists.get("user_pct"),
                lists.get("system_pct"),
                lists.get("iowait_pct"),
                lists.get("kernel_threads_pct"),
                dirty);
    }

    private static List<String> list(JsonParser p) throws IOException {
        expect(p, JsonToken.START_ARRAY);
        List<String> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            out.add(p.currentToken() == JsonToken.VALUE_NULL ? null : string(p));
        }
        return out;
    }

    private static void expect(JsonParser p, JsonToken t) throws IOException {
        if (p.currentToken() != t) {
            throw new IOException(
                    "'" + p.currentName() + "' is not " + (t == JsonToken.START_ARRAY ? "a list" : "an object"));
        }
    }
}
