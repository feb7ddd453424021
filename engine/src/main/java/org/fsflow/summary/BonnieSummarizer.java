package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;

/** The bonnie++ tables: one per (dataset, step) whose successful measurements carry bonnie++ figures. */
final class BonnieSummarizer {

    private BonnieSummarizer() {}

    private record Key(String dataset, String step) {}

    static List<BonnieTable> tables(ResultSet results, RunEnvironment environment) {
        Map<Key, List<Series>> groups = new LinkedHashMap<>();
        for (Series s : results.series()) {
            if (s.withMetrics() > 0 && isBonnie(s.metricKeys())) {
                String dataset = Columns.dataset(s.key().cell());
                groups.computeIfAbsent(new Key(dataset, s.key().step()), k -> new ArrayList<>())
                        .add(s);
            }
        }
        List<BonnieTable> out = new ArrayList<>();
        groups.forEach(
                (key, list) -> out.add(table(key, list, environment.campaign().filesystems())));
        return out;
    }

    /** True when {@code keys} are bonnie++'s figures (the bonnie++ tables show them). */
    static boolean isBonnie(Set<String> keys) {
        return keys.stream()
                .anyMatch(k -> k.endsWith("_kib_s") || k.startsWith("too_fast.") || k.equals("seq_create_per_s"));
    }

    private static BonnieTable table(Key key, List<Series> list, List<String> filesystems) {
        Map<String, List<Series>> byColumn = new LinkedHashMap<>();
        for (Series s : list) {
            byColumn.computeIfAbsent(Columns.label(s.key().cell()), k -> new ArrayList<>())
                    .add(s);
        }
        Map<String, Series> pooled = new LinkedHashMap<>();
        byColumn.forEach(
                (column, parts) -> pooled.put(column, Series.pool(parts.get(0).key(), parts)));
        List<String> columns =
                Columns.byPlace(Columns.order(filesystems, pooled.keySet()), c -> Places.of(placeRow(pooled.get(c))));
        List<BonnieTest> tests = new ArrayList<>();
        for (BonnieTest t : BonnieTest.values()) {
            if (list.stream().anyMatch(s -> s.withKey(t.rateKey()) > 0)) {
                tests.add(t);
            }
        }
        List<BonnieTable.Line> lines = new ArrayList<>();
        for (String column : columns) {
            Series mine = pooled.get(column);
            List<BonnieTable.Figure> figures = new ArrayList<>();
            for (BonnieTest t : tests) {
                figures.add(new BonnieTable.Figure(
                        t,
                        mine.summary(new Metric(t.rateKey())),
                        mine.summary(new Metric(t.stem() + "_cpu_pct")),
                        mine.summary(new Metric(t.stem() + "_latency_us")),
                        mine.withKey("too_fast." + t.stem())));
            }
            lines.add(new BonnieTable.Line(column, mine.withMetrics(), figures, Places.label(placeRow(mine))));
        }
        return new BonnieTable(key.dataset(), key.step(), columns, tests, lines);
    }

    // the first counted row's place (the series has some: it has bonnie++ figures)
    private static Measurement placeRow(Series s) {
        return s.facts().countedPlaces().iterator().next();
    }
}
