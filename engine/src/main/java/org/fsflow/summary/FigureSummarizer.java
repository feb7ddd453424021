package org.fsflow.summary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fsflow.result.Metric;
import org.fsflow.result.MetricTable;
import org.fsflow.result.MetricTable.Direction;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;
import org.fsflow.summary.FigureTable.Combined;
import org.fsflow.summary.FigureTable.Figure;

/**
 * The parsed figures' tables: one per (dataset, step, group of figures) whose counted rows carry
 * numeric {@code metrics}, except those the report lays out on their own (bonnie++'s tables,
 * capacity after mkfs). A group whose every figure equals one of another group of the same step
 * (fio's totals over all jobs when there is one job) is not repeated.
 */
final class FigureSummarizer {

    /** A percentile's name: {@code p50}, {@code p99_9}, {@code clat_p99_ns}. */
    private static final Pattern PERCENTILE = Pattern.compile("(^|_)p\\d+(_\\d+)?(_|$)");

    /** The figures of the capacity table ({@link Summarizer}'s capacity rows). */
    private static final Set<String> CAPACITY = Set.of(
            "device_bytes", "filesystem_bytes", "free_bytes", "available_bytes", "usable_pct", "inodes", "inodes_free");

    private FigureSummarizer() {}

    private record Key(String dataset, String step, String group) {}

    static List<FigureTable> tables(ResultSet results, RunEnvironment environment) {
        Map<Key, Set<String>> figures = new LinkedHashMap<>();
        Map<Key, Map<String, Set<Series>>> parts = new LinkedHashMap<>();
        for (Series s : results.series()) {
            if (s.withMetrics() == 0 || BonnieSummarizer.isBonnie(s.metricKeys())) {
                continue;
            }
            for (String k : s.metricKeys()) {
                if (CAPACITY.contains(k) || s.moments(k).n() == 0) {
                    continue;
                }
                int dot = k.lastIndexOf('.');
                Key key = new Key(Columns.dataset(s.key().cell()), s.key().step(), dot < 0 ? "" : k.substring(0, dot));
                figures.computeIfAbsent(key, x -> new LinkedHashSet<>()).add(k);
                parts.computeIfAbsent(key, x -> new LinkedHashMap<>())
                        .computeIfAbsent(Columns.label(s.key().cell()), x -> new LinkedHashSet<>())
                        .add(s);
            }
        }
        RunCampaign campaign = environment.campaign();
        List<String> datasets = Columns.order(
                campaign.datasets().keySet(),
                figures.keySet().stream().map(Key::dataset).toList());
        List<String> steps = Columns.order(
                campaign.steps(), figures.keySet().stream().map(Key::step).toList());
        List<FigureTable> out = new ArrayList<>();
        figures.keySet().stream()
                .sorted(Comparator.comparing((Key k) -> datasets.indexOf(k.dataset()))
                        .thenComparing(k -> steps.indexOf(k.step())))
                .forEach(k -> out.add(table(k, figures.get(k), parts.get(k), campaign)));
        return withoutRepeats(out);
    }

    private static FigureTable table(
            Key key, Set<String> figures, Map<String, Set<Series>> parts, RunCampaign campaign) {
        Map<String, Series> pooled = new LinkedHashMap<>();
        parts.forEach((column, list) -> {
            List<Series> all = List.copyOf(list);
            pooled.put(column, Series.pool(all.get(0).key(), all));
        });
        List<String> columns = Columns.byPlace(
                Columns.order(campaign.filesystems(), pooled.keySet()),
                c -> Places.group(pooled.get(c).first()));
        List<String> groups =
                columns.stream().map(c -> Places.group(pooled.get(c).first())).toList();
        List<FigureTable.Row> rows = new ArrayList<>();
        for (String k : figures) {
            String figure = key.group().isEmpty() ? k : k.substring(key.group().length() + 1);
            Combined combined = PERCENTILE.matcher(figure).find() ? Combined.MEDIAN : Combined.MEAN;
            MetricTable.Metric spec = spec(k, campaign.metrics().get(k));
            List<Summary> sums = columns.stream()
                    .map(c -> pooled.get(c).summary(new Metric(k)))
                    .toList();
            List<Figure> cells = sums.stream().map(s -> figure(s, combined)).toList();
            rows.add(new FigureTable.Row(
                    k, figure, spec, combined, rank(cells, sums, groups, spec.direction(), combined)));
        }
        return new FigureTable(
                key.dataset(),
                key.step(),
                key.group(),
                columns,
                columns.stream().map(c -> Places.label(pooled.get(c).first())).toList(),
                rows);
    }

    // a scenario's own figure as its parse: declares it, else the metric table's row
    private static MetricTable.Metric spec(String key, RunCampaign.MetricInfo own) {
        if (own == null) {
            return MetricTable.of(key);
        }
        Direction d = "lower".equals(own.better())
                ? Direction.LOWER_IS_BETTER
                : "higher".equals(own.better()) ? Direction.HIGHER_IS_BETTER : Direction.NONE;
        return new MetricTable.Metric(
                key, own.unit() == null ? "" : own.unit(), d, "the scenario's own figure (parse: metrics)");
    }

    private static Figure figure(Summary s, Combined combined) {
        if (s == null) {
            return Figure.NONE;
        }
        if (combined == Combined.MEAN) {
            return new Figure(s.n(), s.mean(), s.ciLow(), s.ciHigh(), false, Double.NaN, false);
        }
        if (s.values().length != s.n()) {
            // more repetitions than a series keeps the values of: no median, and never the mean instead
            return new Figure(s.n(), Double.NaN, Double.NaN, Double.NaN, false, Double.NaN, false);
        }
        if (s.n() == 1) {
            return new Figure(1, s.values()[0], Double.NaN, Double.NaN, false, Double.NaN, false);
        }
        Bootstrap b = Bootstrap.of(s.values(), 50);
        return new Figure(s.n(), b.value(), b.low(), b.high(), false, Double.NaN, false);
    }

    // the best of each place's columns, when the figure has a direction and the place two columns with it
    private static List<Figure> rank(
            List<Figure> cells, List<Summary> sums, List<String> groups, Direction direction, Combined combined) {
        if (direction == Direction.NONE) {
            return cells;
        }
        List<Figure> out = new ArrayList<>(cells);
        for (String group : new LinkedHashSet<>(groups)) {
            List<Integer> mine = new ArrayList<>();
            for (int c = 0; c < cells.size(); c++) {
                if (groups.get(c).equals(group) && !Double.isNaN(cells.get(c).value())) {
                    mine.add(c);
                }
            }
            if (mine.size() < 2) {
                continue;
            }
            Comparator<Integer> better =
                    Comparator.comparingDouble(c -> cells.get(c).value());
            int best = direction == Direction.HIGHER_IS_BETTER
                    ? mine.stream().max(better).orElseThrow()
                    : mine.stream().min(better).orElseThrow();
            for (int c : mine) {
                out.set(c, ranked(cells.get(c), sums.get(c), cells.get(best), sums.get(best), c == best, combined));
            }
        }
        return out;
    }

    // medians tie when their intervals overlap; means when Welch's t-test finds no difference at 5 %
    private static Figure ranked(
            Figure f, Summary s, Figure best, Summary bestSummary, boolean isBest, Combined combined) {
        if (isBest) {
            return f.ranked(true, Double.NaN, false);
        }
        double ratio = best.value() != 0 ? f.value() / best.value() : Double.NaN;
        boolean tie = f.n() >= 2
                && best.n() >= 2
                && (combined == Combined.MEDIAN
                        ? f.low() <= best.high() && best.low() <= f.high()
                        : !s.differsFrom(bestSummary));
        return f.ranked(false, ratio, tie);
    }

    // a group whose every figure is also, with the same cells, a figure of another table of its step
    private static List<FigureTable> withoutRepeats(List<FigureTable> tables) {
        List<FigureTable> out = new ArrayList<>();
        for (FigureTable t : tables) {
            boolean repeated = tables.stream()
                    .anyMatch(o -> o != t
                            && o.dataset().equals(t.dataset())
                            && o.step().equals(t.step())
                            && o.rows().size() > t.rows().size()
                            && t.rows().stream()
                                    .allMatch(r -> o.rows().stream()
                                            .anyMatch(x -> x.figure().equals(r.figure())
                                                    && x.cells().equals(r.cells()))));
            if (!repeated) {
                out.add(t);
            }
        }
        return out;
    }
}
