package org.fsflow.summary;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.plan.Cell;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;
import org.fsflow.scenario.FindingChecker;
import org.fsflow.scenario.Matrix;

/**
 * What findings brought to a stored run from another file ({@code --source}) may name: the run's
 * steps, the values of its axes (from its cells, and its campaign's filesystems and datasets), the
 * metrics each step recorded, and where each cell ran.
 */
public final class RunNames {

    private static final List<Metric> FIELDS =
            List.of(Metric.REAL_S, Metric.USER_S, Metric.SYS_S, Metric.CPU_PCT, Metric.READ_BYTES, Metric.WRITE_BYTES);

    private RunNames() {}

    /** The names of the run whose results are {@code results}, recorded under {@code env}. */
    public static FindingChecker.Names of(ResultSet results, RunEnvironment env) {
        LinkedHashSet<String> steps = new LinkedHashSet<>(env.campaign().steps());
        Map<String, LinkedHashSet<String>> axes = new LinkedHashMap<>();
        Set<String> recorded = new HashSet<>();
        for (Series s : results.series()) {
            String step = s.key().step();
            steps.add(step);
            s.key()
                    .cell()
                    .coordinates()
                    .forEach((axis, value) -> axes.computeIfAbsent(axis, a -> new LinkedHashSet<>())
                            .add(value));
            FIELDS.stream()
                    .filter(f -> s.moments(f.key()).n() > 0)
                    .forEach(f -> recorded.add(step + "\u0000" + f.key()));
            s.metricKeys().forEach(k -> recorded.add(step + "\u0000" + k));
            for (Measurement m : s.uncounted()) {
                FIELDS.stream().filter(f -> f.of(m) != null).forEach(f -> recorded.add(step + "\u0000" + f.key()));
                if (m.metrics() != null) {
                    m.metrics().keySet().forEach(k -> recorded.add(step + "\u0000" + k));
                }
            }
        }
        if (axes.containsKey(Matrix.FILESYSTEM)) {
            axes.get(Matrix.FILESYSTEM).addAll(env.campaign().filesystems());
        }
        if (axes.containsKey(Matrix.DATASET)) {
            axes.get(Matrix.DATASET).addAll(env.campaign().datasets().keySet());
        }
        Map<String, List<String>> lists = new LinkedHashMap<>();
        axes.forEach((axis, values) -> lists.put(axis, new ArrayList<>(values)));
        return new FindingChecker.Names(
                "the run",
                List.copyOf(steps),
                lists,
                (step, metric) -> recorded.contains(step + "\u0000" + metric),
                cell -> place(results, cell));
    }

    // where the run's cells with these coordinates ran: "?" when none ran
    private static String place(ResultSet results, Map<String, String> coordinates) {
        for (Cell c : results.cells()) {
            if (c.coordinates().entrySet().containsAll(coordinates.entrySet()) && results.first(c) != null) {
                return Places.of(results.first(c));
            }
        }
        return "?";
    }
}
