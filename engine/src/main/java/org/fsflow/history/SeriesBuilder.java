package org.fsflow.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.MetricTable;

/** One series being built: its key and the points of each run, then its result. */
final class SeriesBuilder {

    private record Entry(HistoryRun run, String at, double[] samples) {}

    private final String group;
    private final String place;
    private final String cell;
    private final String step;
    private final String metric;
    private final List<Entry> entries = new ArrayList<>();

    SeriesBuilder(String group, String place, String cell, String step, String metric) {
        this.group = group;
        this.place = place;
        this.cell = cell;
        this.step = step;
        this.metric = metric;
    }

    void add(HistoryRun run, String at, List<Double> values) {
        entries.add(new Entry(
                run, at, values.stream().mapToDouble(Double::doubleValue).toArray()));
    }

    /** Puts the points in the history's order: the value, then the run's start, then its name. */
    void sort(Comparator<String> order) {
        entries.sort(Comparator.comparing(Entry::at, order)
                .thenComparing(e -> e.run().startedAt(), Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(e -> e.run().name()));
    }

    /** Before which points a change point may fall: where the ordering value changes. */
    boolean[] splittable() {
        boolean[] out = new boolean[entries.size()];
        for (int i = 1; i < out.length; i++) {
            out[i] = !entries.get(i).at().equals(entries.get(i - 1).at());
        }
        return out;
    }

    List<double[]> samples() {
        return entries.stream().map(Entry::samples).toList();
    }

    /** The series with the change points of {@code d} whose q-values ({@code q}, in order) pass. */
    HistoryResult.SeriesResult result(String id, ChangePoints.Detection d, double[] q) {
        List<HistoryResult.Point> points = new ArrayList<>();
        for (Entry e : entries) {
            double mean = java.util.Arrays.stream(e.samples()).average().orElse(Double.NaN);
            points.add(new HistoryResult.Point(e.run().name(), e.at(), mean, e.samples()));
        }
        List<HistoryResult.Change> changes = new ArrayList<>();
        MetricTable.Metric m = MetricTable.of(metric);
        for (int i = 0; i < d.changes().size(); i++) {
            ChangePoints.Change c = d.changes().get(i);
            if (q[i] <= FalseDiscovery.RATE) {
                changes.add(new HistoryResult.Change(
                        c.index(),
                        entries.get(c.index() - 1).run().name(),
                        entries.get(c.index()).run().name(),
                        c.index() - c.from(),
                        c.to() - c.index(),
                        c.before().mean(),
                        c.after().mean(),
                        c.ratio().ratio(),
                        c.ratio().low(),
                        c.ratio().high(),
                        c.p(),
                        q[i],
                        c.runs() ? "runs" : "repetitions",
                        History.verdict(m.direction(), c.ratio().ratio())));
            }
        }
        return new HistoryResult.SeriesResult(
                id, group, place, cell, step, metric, m.unit(), History.direction(metric), points, changes);
    }
}
