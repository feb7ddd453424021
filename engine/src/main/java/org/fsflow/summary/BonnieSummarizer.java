package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Summary;

/** The bonnie++ tables: one per (dataset, step) whose successful measurements carry bonnie++ figures. */
final class BonnieSummarizer {

    private BonnieSummarizer() {}

    private record Key(String dataset, String step) {}

    static List<BonnieTable> tables(ResultSet results, RunEnvironment environment) {
        Map<Key, List<Measurement>> groups = new LinkedHashMap<>();
        for (Measurement r : results.measurements()) {
            if (r.counted() && r.metrics() != null && isBonnie(r.metrics())) {
                String dataset = Columns.dataset(ResultSet.cellOf(r));
                groups.computeIfAbsent(new Key(dataset, r.step()), k -> new ArrayList<>())
                        .add(r);
            }
        }
        List<BonnieTable> out = new ArrayList<>();
        groups.forEach(
                (key, list) -> out.add(table(key, list, environment.campaign().filesystems())));
        return out;
    }

    private static boolean isBonnie(Map<String, Object> metrics) {
        return metrics.keySet().stream()
                .anyMatch(k -> k.endsWith("_kib_s") || k.startsWith("too_fast.") || k.equals("seq_create_per_s"));
    }

    private static BonnieTable table(Key key, List<Measurement> list, List<String> filesystems) {
        Map<String, List<Measurement>> byColumn = new LinkedHashMap<>();
        for (Measurement r : list) {
            byColumn.computeIfAbsent(Columns.label(ResultSet.cellOf(r)), k -> new ArrayList<>())
                    .add(r);
        }
        List<String> columns = Columns.byPlace(
                Columns.order(filesystems, byColumn.keySet()),
                c -> Places.of(byColumn.get(c).get(0)));
        List<BonnieTest> tests = new ArrayList<>();
        for (BonnieTest t : BonnieTest.values()) {
            if (list.stream().anyMatch(r -> r.metrics().containsKey(t.rateKey()))) {
                tests.add(t);
            }
        }
        List<BonnieTable.Line> lines = new ArrayList<>();
        for (String column : columns) {
            List<Measurement> mine = byColumn.get(column);
            List<BonnieTable.Figure> figures = new ArrayList<>();
            for (BonnieTest t : tests) {
                int tooFast = (int) mine.stream()
                        .filter(r -> r.metrics().containsKey("too_fast." + t.stem()))
                        .count();
                figures.add(new BonnieTable.Figure(
                        t,
                        summary(mine, t.rateKey()),
                        summary(mine, t.stem() + "_cpu_pct"),
                        summary(mine, t.stem() + "_latency_us"),
                        tooFast));
            }
            lines.add(new BonnieTable.Line(column, mine.size(), figures, Places.label(mine.get(0))));
        }
        return new BonnieTable(key.dataset(), key.step(), columns, tests, lines);
    }

    private static Summary summary(List<Measurement> list, String key) {
        Metric metric = new Metric(key);
        double[] v = list.stream()
                .map(metric::of)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .toArray();
        return v.length == 0 ? null : Summary.of(v);
    }
}
