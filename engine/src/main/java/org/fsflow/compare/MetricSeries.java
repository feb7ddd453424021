package org.fsflow.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;

/**
 * A run's {@link ResultSet} as a comparison reads it: per {@link Key} (its series' cell and step,
 * in the journal's order) and metric, the successful values in repetition order. The contract's
 * accounting fields come first, then every parsed figure.
 */
public final class MetricSeries {

    /**
     * What two runs must share to be compared: the cell's coordinates and the step.
     *
     * @param dataset    the dataset, "" when none
     * @param filesystem the filesystem, "" when none
     * @param step       the step
     * @param extra      the other cell coordinates, sorted {@code k=v} joined by commas
     */
    public record Key(String dataset, String filesystem, String step, String extra) {}

    /** The accounting fields of every measurement, in the order reports show them. */
    static final Map<String, Function<Measurement, Number>> FIELDS = Series.ACCOUNTING;

    private MetricSeries() {}

    /** The series of {@code results}, skipping {@code ignoredAxis} among the cells' coordinates (may be null). */
    static Map<Key, Map<String, List<Double>>> of(ResultSet results, String ignoredAxis) {
        Map<Key, Map<String, List<Double>>> out = new LinkedHashMap<>();
        for (Series series : results.series()) {
            if (series.ok().isEmpty()) {
                continue;
            }
            values(series, out.computeIfAbsent(key(series, ignoredAxis), k -> new LinkedHashMap<>()));
        }
        return out;
    }

    /**
     * The {@code --scale} of each key's cells in {@code run}: its first successful row's
     * {@code scale}, else (rows written before they recorded it) the run's {@code settings.scale}.
     */
    static Map<Key, Double> scales(Run run, String ignoredAxis) {
        double runScale = run.environment().settings() == null
                ? 1.0
                : run.environment().settings().scale();
        Map<Key, Double> out = new LinkedHashMap<>();
        for (Series series : run.results().series()) {
            if (!series.ok().isEmpty()) {
                Double own = series.ok().get(0).scale();
                out.putIfAbsent(key(series, ignoredAxis), own != null ? own : runScale);
            }
        }
        return out;
    }

    /** Per metric, the values of every successful repetition of {@code series}, added to {@code metrics}. */
    public static Map<String, List<Double>> values(Series series, Map<String, List<Double>> metrics) {
        for (Measurement m : series.ok()) {
            FIELDS.forEach((name, getter) -> add(metrics, name, getter.apply(m)));
            if (m.metrics() != null) {
                m.metrics().forEach((name, v) -> add(metrics, name, v instanceof Number n ? n : null));
            }
        }
        return metrics;
    }

    /** The key of {@code series}, without the coordinate {@code ignoredAxis} (may be null). */
    public static Key key(Series series, String ignoredAxis) {
        Map<String, String> extra = new TreeMap<>(series.key().cell().coordinates());
        extra.remove("dataset");
        extra.remove("filesystem");
        if (ignoredAxis != null) {
            extra.remove(ignoredAxis);
        }
        List<String> parts = new ArrayList<>();
        extra.forEach((k, v) -> parts.add(k + "=" + v));
        return new Key(
                nz(series.key().dataset()),
                nz(series.key().filesystem()),
                series.key().step(),
                String.join(",", parts));
    }

    private static void add(Map<String, List<Double>> metrics, String name, Number v) {
        if (v != null && Double.isFinite(v.doubleValue())) {
            metrics.computeIfAbsent(name, k -> new ArrayList<>()).add(v.doubleValue());
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
