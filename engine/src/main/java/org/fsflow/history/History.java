package org.fsflow.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fsflow.compare.MetricSeries;
import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Measurement;
import org.fsflow.result.MetricTable;
import org.fsflow.result.MetricTable.Direction;
import org.fsflow.result.Series;
import org.fsflow.summary.Places;

/**
 * Builds a history from runs: per group of compatible runs (one scenario at one scale, seed and
 * repetitions' settings), place, cell, step and metric, a series of the runs' repetitions in the
 * order {@link By} gives; then each series' change points ({@link ChangePoints}), kept where their
 * Benjamini-Hochberg q-value across every series is at most {@link FalseDiscovery#RATE}.
 */
public final class History {

    private History() {}

    /** The history of {@code runs} (as given on the command line) ordered by {@code by}. */
    public static HistoryResult of(List<HistoryRun> runs, By by, ChangePoints.Options options, CommitOrder commits) {
        List<HistoryRun> ordered = new ArrayList<>(runs);
        ordered.sort(Comparator.comparing(HistoryRun::startedAt, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(HistoryRun::name));
        List<HistoryResult.Apart> apart = new ArrayList<>();
        Map<String, SeriesBuilder> series = new LinkedHashMap<>();
        List<HistoryRun> used = new ArrayList<>();
        for (HistoryRun run : ordered) {
            int added = add(run, by, series);
            if (added == 0) {
                apart.add(new HistoryResult.Apart(run.name(), by.missing()));
            } else {
                used.add(run);
            }
        }
        String main = Groups.main(used);
        apart.addAll(Groups.apart(used, main));
        Comparator<String> order = by.order(commits == null ? Map.of() : commits.ranks());
        List<SeriesBuilder> built = new ArrayList<>(series.values());
        List<ChangePoints.Detection> detections = new ArrayList<>();
        for (SeriesBuilder b : built) {
            b.sort(order);
            detections.add(ChangePoints.detect(b.samples(), options, b.splittable()));
        }
        double[] q = FalseDiscovery.adjust(Tests.pValues(detections));
        List<HistoryResult.SeriesResult> results = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < built.size(); i++) {
            ChangePoints.Detection d = detections.get(i);
            double[] mine = java.util.Arrays.copyOfRange(q, next, next + Tests.count(d));
            next += Tests.count(d);
            results.add(built.get(i).result(String.format(Locale.ROOT, "s%03d", i + 1), d, mine));
        }
        return new HistoryResult(
                by.text(),
                by.kind() == By.Kind.COMMIT && commits != null ? commits.source() : "",
                options.pValue(),
                options.minEffect(),
                FalseDiscovery.RATE,
                (int) java.util.Arrays.stream(q).filter(v -> !Double.isNaN(v)).count(),
                main,
                used.stream().map(History::info).toList(),
                apart,
                results);
    }

    // the series of one run; the number of its series that found an order value
    private static int add(HistoryRun run, By by, Map<String, SeriesBuilder> series) {
        int added = 0;
        for (Series s : run.run().results().series()) {
            if (s.ok().isEmpty()) {
                continue;
            }
            Measurement first = s.ok().get(0);
            String at = by.value(run, first);
            if (at == null) {
                continue;
            }
            added++;
            String place = by.kind() == By.Kind.KERNEL ? Places.withoutKernel(first) : Places.of(first);
            String cell = cell(MetricSeries.key(s, by.axis()));
            Map<String, List<Double>> metrics = MetricSeries.values(s, new LinkedHashMap<>());
            metrics.forEach((metric, values) -> series.computeIfAbsent(
                            String.join(
                                    "\u0000", run.group(), place, cell, s.key().step(), metric),
                            k -> new SeriesBuilder(
                                    run.group(), place, cell, s.key().step(), metric))
                    .add(run, at, values));
        }
        return added;
    }

    static String cell(MetricSeries.Key key) {
        List<String> parts = new ArrayList<>();
        for (String p : new String[] {key.dataset(), key.filesystem(), key.extra()}) {
            if (!p.isEmpty()) {
                parts.add(p);
            }
        }
        return String.join("/", parts);
    }

    /** better, worse or changed: the way {@code ratio} (after / before) went for {@code direction}. */
    static String verdict(Direction direction, double ratio) {
        return switch (direction) {
            case NONE -> "changed";
            case LOWER_IS_BETTER -> ratio > 1 ? "worse" : "better";
            case HIGHER_IS_BETTER -> ratio > 1 ? "better" : "worse";
        };
    }

    static String direction(String metric) {
        return MetricTable.of(metric).direction().name().toLowerCase(Locale.ROOT);
    }

    private static HistoryResult.RunInfo info(HistoryRun r) {
        return new HistoryResult.RunInfo(
                r.name(),
                r.run().dir().toString(),
                r.group(),
                r.startedAt(),
                r.commit(),
                r.dirty(),
                r.hostKernel(),
                r.labels(),
                r.load());
    }
}
