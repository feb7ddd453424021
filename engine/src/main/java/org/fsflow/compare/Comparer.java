package org.fsflow.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.compare.Comparison.FilesystemSummary;
import org.fsflow.compare.Comparison.Row;
import org.fsflow.compare.MetricSeries.Key;
import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Fieller;
import org.fsflow.result.MetricTable;
import org.fsflow.result.MetricTable.Direction;
import org.fsflow.result.Sensitivity;
import org.fsflow.result.Summary;
import org.fsflow.result.Welch;

/**
 * Compares runs with the first one, the baseline: per cell, step and metric that both measured,
 * each side's statistics, the ratio with its Fieller interval and Welch's p-value; then the
 * Benjamini-Hochberg q-values over every comparison at once, the marks, and a summary per run and
 * filesystem.
 */
public final class Comparer {

    /** Below this mean, a side wrote nothing to its device during the step (a journal commit, metadata). */
    static final double NOTHING_BYTES = 1 << 20;
    /** At least this mean on the other side: it wrote its data, so the two sides time different things. */
    static final double CONFOUNDED_BYTES = 16 << 20;

    private Comparer() {}

    /** The comparison of {@code runs} (baseline first, at least two) about {@code axis} (may be null). */
    public static Comparison compare(List<Run> runs, String axis) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("compare needs a baseline and at least one other run");
        }
        Run base = runs.get(0);
        Map<Key, Map<String, List<Double>>> baseSeries = MetricSeries.of(base.results(), axis);
        Map<Key, Double> baseScales = MetricSeries.scales(base, axis);
        List<Row> rows = new ArrayList<>();
        for (Run other : runs.subList(1, runs.size())) {
            Map<Key, Map<String, List<Double>>> otherSeries = MetricSeries.of(other.results(), axis);
            Map<Key, Double> otherScales = MetricSeries.scales(other, axis);
            baseSeries.forEach((key, metrics) -> {
                Map<String, List<Double>> theirs = otherSeries.get(key);
                if (theirs != null) {
                    boolean confounded = confounded(metrics.get("write_bytes"), theirs.get("write_bytes"));
                    boolean scales = !java.util.Objects.equals(baseScales.get(key), otherScales.get(key));
                    metrics.forEach((metric, values) -> {
                        List<Double> their = theirs.get(metric);
                        if (their != null) {
                            Row row = row(key, metric, other.label(), values, their);
                            rows.add(
                                    scales
                                            ? row.apart(Mark.DIFFERENT_SCALES)
                                            : confounded && !metric.equals("write_bytes")
                                                    ? row.marked(Mark.CONFOUNDED)
                                                    : row);
                        }
                    });
                }
            });
        }
        List<Row> judged = judge(rows);
        List<String> others =
                runs.subList(1, runs.size()).stream().map(Run::label).toList();
        int tested = (int) judged.stream().filter(r -> !Double.isNaN(r.q())).count();
        return new Comparison(
                base.label(),
                others,
                runs,
                axis,
                Confounders.diff(runs, axis),
                judged,
                summaries(others, judged),
                tested);
    }

    private static Row row(Key key, String metric, String run, List<Double> base, List<Double> other) {
        Summary b = Summary.of(base.stream().mapToDouble(Double::doubleValue).toArray());
        Summary o = Summary.of(other.stream().mapToDouble(Double::doubleValue).toArray());
        MetricTable.Metric m = MetricTable.of(metric);
        return new Row(
                key.dataset(),
                key.filesystem(),
                key.step(),
                key.extra(),
                metric,
                m.unit(),
                m.direction(),
                run,
                b,
                o,
                Fieller.ratio(o, b),
                Welch.pValue(b, o),
                Double.NaN,
                null,
                null);
    }

    /** One side wrote nothing to its device (mean under 1 MiB) while the other wrote at least 16 MiB. */
    static boolean confounded(List<Double> base, List<Double> other) {
        if (base == null || other == null || base.isEmpty() || other.isEmpty()) {
            return false;
        }
        double b = base.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double o = other.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return Math.min(b, o) < NOTHING_BYTES && Math.max(b, o) >= CONFOUNDED_BYTES;
    }

    // q-values over the whole report, then each mark, then what each could have detected at the level BH used
    private static List<Row> judge(List<Row> rows) {
        double[] q = FalseDiscovery.adjust(rows.stream().mapToDouble(Row::p).toArray());
        int tested = (int) Arrays.stream(q).filter(v -> !Double.isNaN(v)).count();
        int significant =
                (int) Arrays.stream(q).filter(v -> v <= FalseDiscovery.RATE).count();
        double level = Sensitivity.level(significant, tested);
        List<Row> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            Sensitivity power = r.mark() == Mark.DIFFERENT_SCALES
                    ? null
                    : Sensitivity.of(
                            r.other(),
                            r.base(),
                            level,
                            Sensitivity.Target.difference(r.ratio().ratio(), level));
            out.add(new Row(
                    r.dataset(),
                    r.filesystem(),
                    r.step(),
                    r.extra(),
                    r.metric(),
                    r.unit(),
                    r.direction(),
                    r.run(),
                    r.base(),
                    r.other(),
                    r.ratio(),
                    r.p(),
                    q[i],
                    r.mark() == Mark.CONFOUNDED || r.mark() == Mark.DIFFERENT_SCALES ? r.mark() : mark(r, q[i]),
                    power));
        }
        return out;
    }

    static Mark mark(Row r, double q) {
        if (Double.isNaN(q)) {
            boolean identical = r.base().n() >= 2 && r.other().n() >= 2;
            return identical ? Mark.SAME : Mark.UNTESTED;
        }
        if (q > FalseDiscovery.RATE) {
            return Mark.SAME;
        }
        boolean higher = r.other().mean() > r.base().mean();
        return switch (r.direction()) {
            case NONE -> Mark.CHANGED;
            case HIGHER_IS_BETTER -> higher ? Mark.BETTER : Mark.WORSE;
            case LOWER_IS_BETTER -> higher ? Mark.WORSE : Mark.BETTER;
        };
    }

    private static List<FilesystemSummary> summaries(List<String> others, List<Row> rows) {
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        for (String run : others) {
            rows.stream()
                    .filter(r -> r.run().equals(run))
                    .forEach(r -> groups.computeIfAbsent(run + "\u0000" + r.filesystem(), k -> new ArrayList<>())
                            .add(r));
        }
        List<FilesystemSummary> out = new ArrayList<>();
        groups.forEach((k, group) -> out.add(summary(group)));
        return out;
    }

    private static FilesystemSummary summary(List<Row> group) {
        double logSum = 0;
        int logN = 0;
        double timeSum = 0;
        int timeN = 0;
        int[] counts = new int[Mark.values().length];
        for (Row r : group) {
            counts[r.mark().ordinal()]++;
            double ratio = r.ratio().ratio();
            if (!(ratio > 0)
                    || Double.isInfinite(ratio)
                    || r.mark() == Mark.CONFOUNDED
                    || r.mark() == Mark.DIFFERENT_SCALES) {
                continue;
            }
            if (r.direction() != Direction.NONE) {
                logSum += r.direction() == Direction.HIGHER_IS_BETTER ? Math.log(ratio) : -Math.log(ratio);
                logN++;
            }
            if (r.metric().equals("real_s")) {
                timeSum += Math.log(ratio);
                timeN++;
            }
        }
        return new FilesystemSummary(
                group.get(0).run(),
                group.get(0).filesystem(),
                logN == 0 ? Double.NaN : Math.exp(logSum / logN),
                timeN == 0 ? Double.NaN : Math.exp(timeSum / timeN),
                counts[Mark.BETTER.ordinal()],
                counts[Mark.WORSE.ordinal()],
                counts[Mark.SAME.ordinal()],
                counts[Mark.CHANGED.ordinal()]);
    }
}
