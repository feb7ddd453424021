package org.fsflow.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Every measurement of one step of one cell, in journal order: its repetitions, whatever their
 * status, gathered one row at a time. Statistics take only the rows that count (successful, not a
 * warm-up). What a series keeps does not grow with its repetitions beyond 16 bytes a row: the real
 * times with their rows' ids (the order statistics: median, outliers), the running {@link Moments}
 * of every other figure, the rows that do not count (failed, skipped, warm-up) and a first row per
 * place ({@link RowFacts}). The rows themselves are kept only when the {@link ResultSet} keeps them.
 */
public final class Series {

    /** The accounting fields of every measurement, in the order reports show them. */
    public static final Map<String, Function<Measurement, Number>> ACCOUNTING = accounting();

    /** The figures of a row every series keeps moments of, besides its metrics: those and the step's conditions. */
    static final Map<String, Function<Measurement, Number>> FIELDS = fields();

    private static final List<String> NAMES = List.copyOf(FIELDS.keySet());
    private static final List<Function<Measurement, Number>> GETTERS = List.copyOf(FIELDS.values());

    private final SeriesKey key;
    private final List<Measurement> rows;
    private Measurement first;
    private int counted;
    private int withMetrics;
    private final List<Measurement> uncounted = new ArrayList<>();
    private final Samples real = new Samples();
    private final Samples others = new Samples();
    private final Samples overTime = new Samples(); // real times of the rows with a time series
    private final Moments[] fields = new Moments[NAMES.size()];
    private final Map<String, Moments> moments = new LinkedHashMap<>();
    private final Map<String, Integer> keys = new LinkedHashMap<>();
    private final Map<String, Long> firstWith = new java.util.HashMap<>();
    private final RowFacts facts = new RowFacts();

    /** An empty series of {@code key}; it keeps its rows when {@code keepRows}. */
    Series(SeriesKey key, boolean keepRows) {
        this.key = key;
        this.rows = keepRows ? new ArrayList<>() : null;
    }

    /** A series of {@code rows}, kept as given (tests, imports). */
    public Series(SeriesKey key, List<Measurement> rows) {
        this(key, true);
        for (int i = 0; i < rows.size(); i++) {
            add(rows.get(i), i);
        }
    }

    /** The series of several cells' rows of one step, pooled in the order given, keyed {@code key}. */
    public static Series pool(SeriesKey key, List<Series> parts) {
        Series out = new Series(key, parts.stream().allMatch(p -> p.rows != null));
        for (Series p : parts) {
            out.addAll(p);
        }
        return out;
    }

    /** Adds row {@code m}, whose id in its result set is {@code id}. */
    void add(Measurement m, long id) {
        if (rows != null) {
            rows.add(m);
        }
        if (first == null) {
            first = m;
        }
        facts.add(m, id);
        if (!m.counted()) {
            uncounted.add(m);
            return;
        }
        counted++;
        if (m.realS() != null && !m.realS().isNaN()) {
            real.add(m.realS(), id);
            if (m.samples() != null && m.samples().size() > 0) {
                overTime.add(m.realS(), id);
            }
        }
        if (m.hostOtherCpuS() != null && m.realS() != null) {
            others.add(
                    m.hostOtherCpuS()
                            - (m.serviceCpuS() == null ? 0 : m.serviceCpuS())
                            - (m.kernelCpuFsS() == null ? 0 : m.kernelCpuFsS()),
                    id);
        }
        for (int i = 0; i < fields.length; i++) {
            Number v = GETTERS.get(i).apply(m);
            if (v != null && !Double.isNaN(v.doubleValue())) {
                (fields[i] == null ? fields[i] = new Moments() : fields[i]).add(v.doubleValue());
            }
        }
        if (m.metrics() != null && !m.metrics().isEmpty()) {
            withMetrics++;
            m.metrics().forEach((name, v) -> {
                keys.merge(name, 1, Integer::sum);
                firstWith.putIfAbsent(name, id);
                moment(name, v instanceof Number n ? n : null);
            });
        }
    }

    private void moment(String name, Number v) {
        if (v != null && !Double.isNaN(v.doubleValue())) {
            moments.computeIfAbsent(name, k -> new Moments()).add(v.doubleValue());
        }
    }

    private void addAll(Series p) {
        if (rows != null) {
            rows.addAll(p.rows);
        }
        if (first == null) {
            first = p.first;
        }
        counted += p.counted;
        withMetrics += p.withMetrics;
        uncounted.addAll(p.uncounted);
        real.addAll(p.real);
        others.addAll(p.others);
        overTime.addAll(p.overTime);
        for (int i = 0; i < fields.length; i++) {
            if (p.fields[i] != null) {
                (fields[i] == null ? fields[i] = new Moments() : fields[i]).addAll(p.fields[i]);
            }
        }
        p.moments.forEach(
                (name, m) -> moments.computeIfAbsent(name, k -> new Moments()).addAll(m));
        p.keys.forEach((name, n) -> keys.merge(name, n, Integer::sum));
        p.firstWith.forEach(firstWith::putIfAbsent);
        facts.addAll(p.facts);
    }

    /** The cell and step. */
    public SeriesKey key() {
        return key;
    }

    /** True when nothing of it was stored. */
    public boolean isEmpty() {
        return first == null;
    }

    /** Its first row, any status; null when empty. */
    public Measurement first() {
        return first;
    }

    /** How many rows count in statistics: successful, warm-up repetitions left out. */
    public int counted() {
        return counted;
    }

    /** How many of those have tool figures ({@code metrics} not empty). */
    public int withMetrics() {
        return withMetrics;
    }

    /** The rows that do not count (failed, timed out, skipped, warm-up), in journal order. */
    public List<Measurement> uncounted() {
        return uncounted;
    }

    /** Its commands, places, methods and budgets. */
    public RowFacts facts() {
        return facts;
    }

    /**
     * Every row, in journal order. Only a result set that keeps rows ({@link ResultSet#of},
     * {@link ResultSet#load}) has them: a report's ({@link ResultSet#scan}) keeps none.
     */
    public List<Measurement> rows() {
        if (rows == null) {
            throw new IllegalStateException("the rows of " + key + " were not kept (ResultSet.scan)");
        }
        return rows;
    }

    /** The rows that count: successful, warm-up repetitions left out (rows kept only, as {@link #rows}). */
    public List<Measurement> ok() {
        return rows().stream().filter(Measurement::counted).toList();
    }

    /** The real time of every counted row that has one, in repetition order. */
    public double[] realTimes() {
        return real.values();
    }

    /** The ids ({@link ResultSet#row}) of the rows of {@link #realTimes}, in the same order. */
    public long[] realIds() {
        return real.ids();
    }

    /**
     * The CPU seconds the rest of the host used during each counted row that recorded it ({@code
     * host_other_cpu_s} less the filesystem's services' {@code service_cpu_s} and its kernel
     * threads' {@code kernel_cpu_fs_s}), with the rows' ids.
     */
    public double[] hostOthers() {
        return others.values();
    }

    /** The ids of the rows of {@link #hostOthers}, in the same order. */
    public long[] hostOtherIds() {
        return others.ids();
    }

    /**
     * The id of the counted row with a time series whose real time is the median of those rows'
     * (the lower of the two middle ones), or -1 when no row has one: the row a report draws.
     */
    public long overTimeRow() {
        return overTime.medianId();
    }

    /** The running moments of {@code key} (a contract field or a metrics key) over the counted rows. */
    public Moments moments(String key) {
        Moments m = stored(key);
        return m == null ? new Moments() : m;
    }

    private Moments stored(String key) {
        int field = NAMES.indexOf(key);
        return field >= 0 ? fields[field] : moments.get(key);
    }

    /** How many counted rows have {@code key} among their metrics (a number or not). */
    public int withKey(String key) {
        return keys.getOrDefault(key, 0);
    }

    /** The id of the first counted row whose metrics have {@code key}, or -1. */
    public long firstWith(String key) {
        return firstWith.getOrDefault(key, -1L);
    }

    /** The metrics keys of the counted rows, in the order first seen. */
    public java.util.Set<String> metricKeys() {
        return keys.keySet();
    }

    /**
     * The statistics of {@code metric} over the counted rows, or null when none has it: exact order
     * statistics (median, outliers) for the real time, whose values are kept, and for any figure of
     * at most {@value Moments#KEPT} values; the moments alone for the other figures of longer series
     * (no median, no outliers, no values).
     */
    public Summary summary(Metric metric) {
        if (metric.equals(Metric.REAL_S)) {
            return real.size() == 0 ? null : Summary.of(real.values());
        }
        Moments m = stored(metric.key());
        if (m == null || m.n() == 0) {
            return null;
        }
        double[] values = m.values();
        return values != null ? Summary.of(values) : Summary.of(m);
    }

    private static Map<String, Function<Measurement, Number>> fields() {
        Map<String, Function<Measurement, Number>> f = new LinkedHashMap<>(ACCOUNTING);
        f.put("memory_budget_bytes", Measurement::memoryBudgetBytes);
        f.put("flush_s", Measurement::flushS);
        f.put("host_other_cpu_s", Measurement::hostOtherCpuS);
        f.put("oom_kills", Measurement::oomKills);
        f.put("service_cpu_s", Measurement::serviceCpuS);
        f.put("cpu_with_services_s", Metric.CPU_WITH_SERVICES_S::of);
        f.put("cpu_with_services_pct", Metric.CPU_WITH_SERVICES_PCT::of);
        f.put("kernel_cpu_s", Measurement::kernelCpuS);
        f.put("kernel_cpu_fs_s", Measurement::kernelCpuFsS);
        f.put("cpu_with_kernel_s", Metric.CPU_WITH_KERNEL_S::of);
        for (String name : Traffic.NAMES) {
            f.put(name, m -> m.traffic() == null ? null : m.traffic().get(name));
        }
        f.put("shared_extent_fraction", SharedExtents::fractionOf);
        return java.util.Collections.unmodifiableMap(f);
    }

    private static Map<String, Function<Measurement, Number>> accounting() {
        Map<String, Function<Measurement, Number>> f = new LinkedHashMap<>();
        f.put("real_s", Measurement::realS);
        f.put("user_s", Measurement::userS);
        f.put("sys_s", Measurement::sysS);
        f.put("cpu_pct", Measurement::cpuPct);
        f.put("max_rss_kb", Measurement::maxRssKb);
        f.put("minor_faults", Measurement::minorFaults);
        f.put("major_faults", Measurement::majorFaults);
        f.put("read_bytes", Measurement::readBytes);
        f.put("write_bytes", Measurement::writeBytes);
        f.put("io_busy_ms", Measurement::ioBusyMs);
        return java.util.Collections.unmodifiableMap(f);
    }
}
