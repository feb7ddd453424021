package org.fsflow.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.result.Summary;

/**
 * Builds the report model from what is stored (results.jsonl and environment.json) and nothing
 * else: conditions, method warnings, per dataset the steps x filesystems tables with mean,
 * 95 % CI, best marked and significance, charts, I/O, capacity, skipped cells, raw rows. The model
 * is plain maps and lists of pre-formatted strings, so templates only lay it out.
 */
public final class ReportBuilder {

    /** The metrics shown per dataset, as GNU time's %e %U %S %P. */
    static final List<String[]> TIME_METRICS = List.of(
            new String[] {"real_s", "Elapsed (real) time, seconds", "s"},
            new String[] {"user_s", "User time, seconds", "s"},
            new String[] {"sys_s", "System time, seconds", "s"},
            new String[] {"cpu_pct", "CPU, percent (user + system over real)", "%"});

    /** A coefficient of variation above this is flagged. */
    static final double HIGH_CV = 0.05;

    private final List<Measurement> rows;
    private final JsonNode env;
    private final List<String> warnings = new ArrayList<>();

    private ReportBuilder(List<Measurement> rows, JsonNode env) {
        this.rows = rows;
        this.env = env;
    }

    /** The model of the report of {@code rows} run under {@code env} (environment.json). */
    public static Map<String, Object> build(List<Measurement> rows, JsonNode env) {
        return new ReportBuilder(rows, env).model();
    }

    private Map<String, Object> model() {
        JsonNode campaign = env.path("campaign");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", text(campaign.path("title"), "fsflow report: " + env.path("scenario").asText("results")));
        m.put("source", text(campaign.path("source"), ""));
        m.put("description", text(campaign.path("description"), ""));
        m.put("scenario", env.path("scenario").asText(""));
        m.put("measurements", rows.size());
        m.put("conditions", conditions());
        m.put("devices", devices());
        m.put("tools", pairs(env.path("tools")));
        m.put("settings", pairs(env.path("settings")));
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (String dataset : order(campaign.path("datasets").fieldNames(), Measurement::dataset)) {
            datasets.add(dataset(dataset));
        }
        m.put("datasets", datasets);
        m.put("bonnie", bonnie());
        m.put("capacity", capacity());
        m.put("skipped", skipped());
        m.put("failed", failedRows());
        m.put("raw", raw());
        m.put("csv", "results.csv");
        methodWarnings();
        m.put("warnings", List.copyOf(warnings));
        m.put("method", "Each cell shows the mean over the repetitions that succeeded, ± the half-width of its 95 % "
                + "confidence interval (Student t, n − 1 degrees of freedom; none for n = 1). The best (lowest) mean "
                + "of a row is marked; ×k is the ratio to it; ≈ marks a filesystem whose difference from the best is "
                + "not significant by Welch's t-test at 5 % (unequal variances; needs n ≥ 2 on both sides). Outliers: "
                + "modified z-score above 3.5 (median and MAD). Failed and skipped steps never enter a mean.");
        return m;
    }

    private static String text(JsonNode n, String fallback) {
        return n.isMissingNode() || n.isNull() ? fallback : n.asText();
    }

    private List<String> order(java.util.Iterator<String> declared, Function<Measurement, String> key) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        declared.forEachRemaining(out::add);
        for (Measurement r : rows) {
            out.add(key.apply(r) == null ? "" : key.apply(r));
        }
        out.removeIf(v -> rows.stream().noneMatch(r -> v.equals(key.apply(r) == null ? "" : key.apply(r))));
        return new ArrayList<>(out);
    }

    /** The column of a row: its cell coordinates other than the dataset ("xfs", "xfs/4", "all"). */
    static String column(Measurement r) {
        List<String> parts = new ArrayList<>();
        if (r.cell() != null) {
            r.cell().forEach((axis, value) -> {
                if (!axis.equals("dataset")) {
                    parts.add(value);
                }
            });
        } else if (r.filesystem() != null) {
            parts.add(r.filesystem());
        }
        return parts.isEmpty() ? "all" : String.join("/", parts);
    }

    private static String datasetOf(Measurement r) {
        return r.dataset() == null ? "" : r.dataset();
    }

    private List<Map<String, Object>> conditions() {
        List<Map<String, Object>> c = new ArrayList<>();
        add(c, "Host", env.path("host").asText(""));
        add(c, "CPU", env.path("cpu_model").asText("") + (env.has("cpu_cores") ? ", " + env.get("cpu_cores").asInt()
                + " cores" : ""));
        add(c, "Memory", env.has("memory_bytes") ? Numbers.bytes(env.get("memory_bytes").asDouble()) : "");
        add(c, "Kernel", env.path("kernel").asText(""));
        add(c, "Distribution", env.path("distribution").asText(""));
        add(c, "fsflow", env.path("fsflow_version").asText("") + (env.has("java_version") ? " (Java "
                + env.get("java_version").asText() + ")" : ""));
        add(c, "Scenario", env.path("scenario_file").asText("") + (env.has("scenario_sha256") ? " (sha256 "
                + env.get("scenario_sha256").asText() + ")" : ""));
        JsonNode floor = env.path("launch_floor");
        if (!floor.isMissingNode()) {
            add(c, "Launch floor", Numbers.sig(floor.path("real_s_median").asDouble() * 1000) + " ms real, "
                    + Numbers.sig(floor.path("cpu_s_median").asDouble() * 1000) + " ms CPU (median of 21 runs of "
                    + "'true' through fsflow: the floor of every measurement)");
        }
        JsonNode s = env.path("settings");
        if (!s.isMissingNode()) {
            add(c, "CPU time", s.path("cpu_method").asText(""));
            add(c, "Memory (max RSS)", s.path("memory_method").asText(""));
        }
        if (env.has("imported_from")) {
            add(c, "Imported from", env.get("imported_from").asText());
        }
        return c;
    }

    private static void add(List<Map<String, Object>> list, String label, String value) {
        if (value != null && !value.isBlank()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", label);
            m.put("value", value);
            list.add(m);
        }
    }

    private static List<Map<String, Object>> pairs(JsonNode obj) {
        List<Map<String, Object>> out = new ArrayList<>();
        obj.fields().forEachRemaining(e -> add(out, e.getKey(), e.getValue().isValueNode() ? e.getValue().asText()
                : e.getValue().toString()));
        return out;
    }

    private List<Map<String, Object>> devices() {
        List<Map<String, Object>> out = new ArrayList<>();
        env.path("campaign").path("devices").fields().forEachRemaining(e -> {
            JsonNode d = e.getValue();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", e.getKey());
            m.put("kind", d.path("kind").asText(""));
            m.put("size", d.has("size_bytes") && d.get("size_bytes").asLong() > 0
                    ? Numbers.bytes(d.get("size_bytes").asDouble()) : d.has("device_bytes")
                    ? Numbers.bytes(d.get("device_bytes").asDouble()) : "");
            m.put("where", d.has("image") ? "image " + d.get("image").asText() : d.path("path").asText(""));
            m.put("backing", d.path("backing_source").asText(d.path("block_device").asText("")));
            m.put("model", d.path("model").asText(""));
            m.put("rotational", d.has("rotational") ? (d.get("rotational").asBoolean() ? "yes" : "no (SSD or virtual)")
                    : "");
            out.add(m);
        });
        return out;
    }

    private Map<String, Object> dataset(String dataset) {
        List<Measurement> mine = rows.stream().filter(r -> datasetOf(r).equals(dataset)).toList();
        List<String> columns = columnsOf(mine);
        List<String> steps = order(stepNames(), Measurement::step);
        steps.removeIf(st -> mine.stream().noneMatch(r -> r.step().equals(st)));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", dataset.isEmpty() ? "all steps" : dataset);
        m.put("anchor", "dataset-" + anchor(dataset.isEmpty() ? "all" : dataset));
        m.put("info", datasetInfo(dataset));
        m.put("columns", columns);
        List<Map<String, Object>> tables = new ArrayList<>();
        double[][] means = null;
        double[][] halves = null;
        for (String[] metric : TIME_METRICS) {
            Map<String, Object> t = table(mine, steps, columns, metric[0], metric[1]);
            tables.add(t);
            if (metric[0].equals("real_s")) {
                means = (double[][]) t.remove("means");
                halves = (double[][]) t.remove("halves");
            } else {
                t.remove("means");
                t.remove("halves");
            }
        }
        m.put("tables", tables);
        m.put("io", ioTable(mine, steps, columns));
        boolean anyBar = false;
        for (double[] row : means) {
            for (double v : row) {
                anyBar |= !Double.isNaN(v);
            }
        }
        m.put("chart", anyBar ? Charts.groupedRelative("Real time per step, relative to the fastest: "
                + (dataset.isEmpty() ? "all" : dataset), steps, columns, means, halves) : "");
        m.put("chartFile", anyBar ? "chart-" + anchor(dataset.isEmpty() ? "all" : dataset) + ".svg" : "");
        return m;
    }

    private java.util.Iterator<String> stepNames() {
        List<String> names = new ArrayList<>();
        env.path("campaign").path("steps").forEach(n -> names.add(n.asText()));
        return names.iterator();
    }

    private String datasetInfo(String dataset) {
        JsonNode d = env.path("campaign").path("datasets").path(dataset);
        if (d.isMissingNode()) {
            return "";
        }
        if (d.hasNonNull("existing")) {
            return "existing tree " + d.get("existing").asText();
        }
        long files = d.path("files").asLong();
        return files + (files == 1 ? " file, " : " files, ") + Numbers.bytes(d.path("bytes").asDouble());
    }

    private List<String> columnsOf(List<Measurement> mine) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        env.path("campaign").path("filesystems").forEach(n -> out.add(n.asText()));
        mine.forEach(r -> out.add(column(r)));
        out.removeIf(c -> mine.stream().noneMatch(r -> column(r).equals(c)));
        return new ArrayList<>(out);
    }

    static String anchor(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "-");
    }

    private static Double metric(Measurement r, String key) {
        return switch (key) {
            case "real_s" -> r.realS();
            case "user_s" -> r.userS();
            case "sys_s" -> r.sysS();
            case "cpu_pct" -> r.cpuPct() == null ? null : r.cpuPct().doubleValue();
            case "read_bytes" -> r.readBytes() == null ? null : r.readBytes().doubleValue();
            case "write_bytes" -> r.writeBytes() == null ? null : r.writeBytes().doubleValue();
            default -> {
                Object v = r.metrics() == null ? null : r.metrics().get(key);
                yield v instanceof Number n ? n.doubleValue() : null;
            }
        };
    }

    // ok rows of one dataset, grouped once by step and column: every series is a lookup
    private final Map<List<Measurement>, Map<String, List<Measurement>>> groups = new java.util.IdentityHashMap<>();

    private Summary series(List<Measurement> mine, String step, String column, String key) {
        Map<String, List<Measurement>> byStepColumn = groups.computeIfAbsent(mine, rowsOfDataset -> {
            Map<String, List<Measurement>> g = new java.util.HashMap<>();
            for (Measurement r : rowsOfDataset) {
                if (r.ok()) {
                    g.computeIfAbsent(r.step() + "\u0000" + column(r), k -> new ArrayList<>()).add(r);
                }
            }
            return g;
        });
        double[] values = byStepColumn.getOrDefault(step + "\u0000" + column, List.of()).stream()
                .map(r -> metric(r, key)).filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue).toArray();
        return values.length == 0 ? null : Summary.of(values);
    }

    private Map<String, Object> table(List<Measurement> mine, List<String> steps, List<String> columns, String key,
            String title) {
        boolean lowerIsBetter = !key.equals("cpu_pct");
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("title", title);
        t.put("key", key);
        t.put("ranked", lowerIsBetter);
        List<Map<String, Object>> out = new ArrayList<>();
        double[][] means = new double[steps.size()][columns.size()];
        double[][] halves = new double[steps.size()][columns.size()];
        for (int s = 0; s < steps.size(); s++) {
            Summary[] sums = new Summary[columns.size()];
            int best = -1;
            for (int c = 0; c < columns.size(); c++) {
                sums[c] = series(mine, steps.get(s), columns.get(c), key);
                means[s][c] = sums[c] == null ? Double.NaN : sums[c].mean();
                halves[s][c] = sums[c] == null ? Double.NaN : sums[c].ciHalfWidth();
                if (sums[c] != null && (best < 0 || sums[c].mean() < sums[best].mean())) {
                    best = c;
                }
                if (sums[c] != null && key.equals("real_s")) {
                    noteSeries(mine.isEmpty() ? "" : datasetOf(mine.get(0)), steps.get(s), columns.get(c), sums[c]);
                }
            }
            List<Map<String, Object>> cells = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                cells.add(cell(sums[c], lowerIsBetter && best >= 0 ? sums[best] : null, c == best && lowerIsBetter
                        && columns.size() > 1));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("step", steps.get(s));
            row.put("cells", cells);
            out.add(row);
        }
        t.put("rows", out);
        t.put("means", means);
        t.put("halves", halves);
        return t;
    }

    private static Map<String, Object> cell(Summary s, Summary best, boolean isBest) {
        Map<String, Object> c = new LinkedHashMap<>();
        if (s == null) {
            c.put("text", "–");
            c.put("rel", "");
            c.put("mark", "");
            c.put("n", "");
            return c;
        }
        String mean = Numbers.sig(s.mean());
        c.put("text", s.n() >= 2 ? mean + " ± " + Numbers.same(s.ciHalfWidth(), mean) : mean);
        c.put("n", "n=" + s.n());
        String rel = "";
        String mark = "";
        if (isBest) {
            mark = "best";
        } else if (best != null && best.mean() > 0) {
            rel = "×" + Numbers.fixed(s.mean() / best.mean(), 2);
            if (!s.differsFrom(best) && s.n() >= 2 && best.n() >= 2) {
                mark = "≈";
            }
        }
        c.put("rel", rel);
        c.put("mark", mark);
        c.put("outliers", s.outliers().size());
        return c;
    }

    private final List<String> highCv = new ArrayList<>();
    private final List<String> outlierNotes = new ArrayList<>();
    private int fewRepeats;

    private void noteSeries(String dataset, String step, String column, Summary s) {
        String where = (dataset.isEmpty() ? "" : dataset + "/") + column + "/" + step;
        if (s.n() < 3) {
            fewRepeats++;
        }
        if (!Double.isNaN(s.cv()) && s.cv() > HIGH_CV) {
            highCv.add(where + " " + Numbers.percent(s.cv()));
        }
        if (!s.outliers().isEmpty()) {
            outlierNotes.add(where + " (" + s.outliers().size() + ")");
        }
    }

    private Map<String, Object> ioTable(List<Measurement> mine, List<String> steps, List<String> columns) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String step : steps) {
            List<String> cells = new ArrayList<>();
            for (String column : columns) {
                Summary r = series(mine, step, column, "read_bytes");
                Summary w = series(mine, step, column, "write_bytes");
                cells.add(r == null ? "–" : Numbers.bytes(r.mean()) + " / " + Numbers.bytes(w.mean()));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("step", step);
            row.put("cells", cells);
            out.add(row);
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("title", "Device I/O per step, mean read / written (/proc/diskstats, devices of the scenario)");
        t.put("rows", out);
        return t;
    }

    /** The bonnie++ column groups, as bon_csv2html lays them out: label, rate unit, metric stem. */
    static final List<String[]> BONNIE_COLUMNS = List.of(
            new String[] {"Sequential Output", "Per Char", "K/sec", "putc_kib_s"},
            new String[] {"Sequential Output", "Block", "K/sec", "put_block_kib_s"},
            new String[] {"Sequential Output", "Rewrite", "K/sec", "rewrite_kib_s"},
            new String[] {"Sequential Input", "Per Char", "K/sec", "getc_kib_s"},
            new String[] {"Sequential Input", "Block", "K/sec", "get_block_kib_s"},
            new String[] {"Random", "Seeks", "/sec", "seeks_per_s"},
            new String[] {"Sequential Create", "Create", "/sec", "seq_create_per_s"},
            new String[] {"Sequential Create", "Read", "/sec", "seq_stat_per_s"},
            new String[] {"Sequential Create", "Delete", "/sec", "seq_del_per_s"},
            new String[] {"Random Create", "Create", "/sec", "ran_create_per_s"},
            new String[] {"Random Create", "Read", "/sec", "ran_stat_per_s"},
            new String[] {"Random Create", "Delete", "/sec", "ran_del_per_s"});

    /** bonnie++ tables: one per (dataset, step) whose rows carry bonnie++ figures, one line per filesystem. */
    private List<Map<String, Object>> bonnie() {
        Map<String, List<Measurement>> groups = new LinkedHashMap<>();
        for (Measurement r : rows) {
            if (r.ok() && r.metrics() != null && isBonnie(r.metrics())) {
                groups.computeIfAbsent(datasetOf(r) + "\u0000" + r.step(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        groups.forEach((key, list) -> {
            String dataset = key.substring(0, key.indexOf('\u0000'));
            String step = key.substring(key.indexOf('\u0000') + 1);
            List<String> columns = columnsOf(list);
            List<String> used = new ArrayList<>();
            for (String[] c : BONNIE_COLUMNS) {
                if (list.stream().anyMatch(r -> r.metrics().containsKey(c[3]))) {
                    used.add(c[3]);
                }
            }
            List<Map<String, Object>> lines = new ArrayList<>();
            double[][] means = new double[3][columns.size()];
            double[][] sds = new double[3][columns.size()];
            for (int f = 0; f < columns.size(); f++) {
                String column = columns.get(f);
                List<Measurement> mine = list.stream().filter(r -> column(r).equals(column)).toList();
                List<String> cells = new ArrayList<>();
                List<String> latencies = new ArrayList<>();
                for (String[] c : BONNIE_COLUMNS) {
                    if (!used.contains(c[3])) {
                        continue;
                    }
                    String stem = c[3].substring(0, c[3].lastIndexOf('_', c[3].lastIndexOf('_') - 1));
                    cells.add(bonnieCell(mine, c[3], stem));
                    cells.add(bonnieCell(mine, stem + "_cpu_pct", stem));
                    Summary lat = summary(mine, stem + "_latency_us");
                    latencies.add(lat == null ? "" : latency(lat));
                }
                for (int i = 0; i < 3; i++) {
                    Summary s = summary(mine, List.of("put_block_kib_s", "rewrite_kib_s", "get_block_kib_s").get(i));
                    means[i][f] = s == null ? Double.NaN : s.mean() / 1024;
                    sds[i][f] = s == null || s.n() < 2 ? Double.NaN : s.sd() / 1024;
                }
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("filesystem", column);
                line.put("n", mine.size());
                line.put("cells", cells);
                line.put("latencies", latencies.stream().allMatch(String::isEmpty) ? List.of() : latencies);
                lines.add(line);
            }
            List<Map<String, Object>> headers = new ArrayList<>();
            String group = null;
            for (String[] c : BONNIE_COLUMNS) {
                if (!used.contains(c[3])) {
                    continue;
                }
                Map<String, Object> h = new LinkedHashMap<>();
                h.put("group", c[0]);
                h.put("test", c[1]);
                h.put("unit", c[2]);
                h.put("first", !c[0].equals(group));
                h.put("span", 2 * (int) BONNIE_COLUMNS.stream().filter(x -> x[0].equals(c[0]) && used.contains(x[3]))
                        .count());
                group = c[0];
                headers.add(h);
            }
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("title", "bonnie++: " + step + (dataset.isEmpty() ? "" : ", dataset " + dataset));
            t.put("headers", headers);
            t.put("lines", lines);
            boolean anyBar = false;
            for (double[] row : means) {
                for (double v : row) {
                    anyBar |= !Double.isNaN(v);
                }
            }
            t.put("chart", anyBar ? Charts.grouped("bonnie++ block throughput (± standard deviation)", "MiB/s", "",
                    false, List.of("write (block)", "rewrite", "read (block)"), columns, means, sds) : "");
            t.put("chartFile", anyBar ? "chart-bonnie-" + anchor((dataset.isEmpty() ? "" : dataset + "-") + step)
                    + ".svg" : "");
            out.add(t);
        });
        return out;
    }

    private static boolean isBonnie(Map<String, Object> metrics) {
        return metrics.keySet().stream().anyMatch(k -> k.endsWith("_kib_s") || k.startsWith("too_fast.")
                || k.equals("seq_create_per_s"));
    }

    private static Summary summary(List<Measurement> list, String key) {
        double[] v = list.stream().map(r -> r.metrics().get(key)).filter(x -> x instanceof Number)
                .mapToDouble(x -> ((Number) x).doubleValue()).toArray();
        return v.length == 0 ? null : Summary.of(v);
    }

    // mean ± standard deviation; "+++++" when every run was too fast to measure
    private static String bonnieCell(List<Measurement> list, String key, String stem) {
        Summary s = summary(list, key);
        if (s == null) {
            boolean tooFast = list.stream().anyMatch(r -> r.metrics().containsKey("too_fast." + stem));
            return tooFast ? (key.endsWith("_cpu_pct") ? "+++" : "+++++") : "";
        }
        String mean = key.endsWith("_cpu_pct") ? Numbers.fixed(s.mean(), 0) : Numbers.sig(s.mean());
        return s.n() >= 2 ? mean + " ± " + (key.endsWith("_cpu_pct") ? Numbers.fixed(s.sd(), 1)
                : Numbers.sig(s.sd())) : mean;
    }

    private static String latency(Summary s) {
        double us = s.mean();
        return us >= 1_000_000 ? Numbers.sig(us / 1e6) + " s" : us >= 1000 ? Numbers.sig(us / 1000) + " ms"
                : Numbers.sig(us) + " µs";
    }

    private List<Map<String, Object>> capacity() {
        Map<String, List<Measurement>> byColumn = new LinkedHashMap<>();
        for (Measurement r : rows) {
            if (r.ok() && r.metrics() != null && r.metrics().containsKey("device_bytes")) {
                byColumn.computeIfAbsent(column(r), k -> new ArrayList<>()).add(r);
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        byColumn.forEach((column, list) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("filesystem", column);
            m.put("device", Numbers.bytes(mean(list, "device_bytes")));
            m.put("size", Numbers.bytes(mean(list, "filesystem_bytes")));
            m.put("available", Numbers.bytes(mean(list, "available_bytes")));
            m.put("usable", Numbers.fixed(mean(list, "usable_pct"), 2) + " %");
            m.put("inodes", Numbers.fixed(mean(list, "inodes"), 0));
            m.put("n", list.size());
            out.add(m);
        });
        return out;
    }

    private static double mean(List<Measurement> list, String key) {
        return list.stream().map(r -> metric(r, key)).filter(v -> v != null).mapToDouble(Double::doubleValue)
                .average().orElse(Double.NaN);
    }

    private List<Map<String, Object>> skipped() {
        Map<String, Map<String, Object>> byReason = new LinkedHashMap<>();
        for (Measurement r : rows) {
            if (r.status() != Status.SKIPPED) {
                continue;
            }
            String cell = r.node().substring(0, r.node().lastIndexOf("/r") < 0 ? 0 : r.node().lastIndexOf("/r"));
            String key = cell + "\u0000" + r.reason();
            Map<String, Object> m = byReason.computeIfAbsent(key, k -> {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("cell", cell.isEmpty() ? "all" : cell);
                x.put("reason", r.reason());
                x.put("steps", 0);
                return x;
            });
            m.put("steps", (Integer) m.get("steps") + 1);
        }
        return new ArrayList<>(byReason.values());
    }

    private List<Map<String, Object>> failedRows() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Measurement r : rows) {
            if (r.status().failure()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("node", r.node());
                m.put("status", r.status().value());
                m.put("reason", r.reason() == null ? "" : r.reason());
                out.add(m);
            }
        }
        return out;
    }

    private List<Map<String, Object>> raw() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Measurement r : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("node", r.node());
            m.put("status", r.status().value());
            m.put("real", r.realS() == null ? "" : Numbers.fixed(r.realS(), 3));
            m.put("user", r.userS() == null ? "" : Numbers.fixed(r.userS(), 3));
            m.put("sys", r.sysS() == null ? "" : Numbers.fixed(r.sysS(), 3));
            m.put("cpu", r.cpuPct() == null ? "" : r.cpuPct() + " %");
            m.put("rss", r.maxRssKb() == null ? "" : Numbers.bytes(r.maxRssKb() * 1024.0));
            m.put("command", r.command() == null ? "" : r.command());
            m.put("reason", r.reason() == null ? "" : r.reason());
            out.add(m);
        }
        return out;
    }

    private void methodWarnings() {
        if (fewRepeats > 0) {
            warnings.add(fewRepeats + " series have fewer than 3 successful repetitions: their spread and confidence "
                    + "intervals are missing or unreliable.");
        }
        if (!highCv.isEmpty()) {
            warnings.add(highCv.size() + " series vary by more than " + Numbers.percent(HIGH_CV)
                    + " (coefficient of variation): " + String.join(", ", highCv.subList(0, Math.min(6, highCv.size())))
                    + (highCv.size() > 6 ? " and " + (highCv.size() - 6) + " more" : "")
                    + ". Differences smaller than that spread are noise.");
        }
        if (!outlierNotes.isEmpty()) {
            warnings.add("Outliers (modified z-score above 3.5) in " + String.join(", ", outlierNotes.subList(0,
                    Math.min(6, outlierNotes.size()))) + (outlierNotes.size() > 6 ? " and " + (outlierNotes.size() - 6) + " more" : "")
                    + ": they are kept in the means; see the raw measurements.");
        }
        JsonNode campaign = env.path("campaign");
        long ram = env.path("memory_bytes").asLong(0);
        if (ram > 0 && campaign.path("drop_caches_steps").size() == 0) {
            campaign.path("datasets").fields().forEachRemaining(e -> {
                long bytes = e.getValue().path("bytes").asLong(0);
                if (bytes > 0 && bytes < 2 * ram) {
                    warnings.add("Dataset " + e.getKey() + " (" + Numbers.bytes(bytes) + ") is smaller than twice the "
                            + "RAM (" + Numbers.bytes(2.0 * ram) + ") and no step drops caches: reads may come from "
                            + "the page cache, not the device.");
                }
            });
        }
        double scale = env.path("settings").path("scale").asDouble(1.0);
        if (scale < 1) {
            warnings.add("Datasets and fsflow-created devices were shrunk by --scale " + scale
                    + ": these are not the published sizes.");
        }
        JsonNode floor = env.path("launch_floor");
        if (!floor.isMissingNode()) {
            double ms = floor.path("real_s_median").asDouble() * 1000;
            long shortSteps = rows.stream().filter(r -> r.ok() && r.realS() != null && r.realS() * 1000 < 10 * ms)
                    .count();
            if (shortSteps > 0) {
                warnings.add(shortSteps + " measurements last less than ten times the launch floor (" + Numbers.sig(ms)
                        + " ms): process start-up weighs on them.");
            }
        }
        long failed = rows.stream().filter(r -> r.status().failure()).count();
        if (failed > 0) {
            warnings.add(failed + " steps failed or timed out; they are listed below and left out of every mean.");
        }
    }
}
