package org.fsflow.summary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.plan.Cell;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunCampaign.DatasetInfo;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;

/** One dataset's tables: per step and column, the statistics of each figure, ranked where lower is better. */
final class DatasetSummarizer {

    private final ResultSet results;
    private final List<String> steps;
    private final List<String> columns;
    private final Map<String, Cell> cellOfColumn = new LinkedHashMap<>();
    private final Map<String, String> placeOfColumn = new LinkedHashMap<>();
    private final Map<String, String> labelOfColumn = new LinkedHashMap<>();
    private final boolean measuredTraffic;

    private DatasetSummarizer(
            ResultSet results,
            List<String> stepOrder,
            List<String> filesystems,
            List<Series> series,
            java.util.function.Function<Measurement, String> size) {
        this.results = results;
        this.measuredTraffic =
                series.stream().anyMatch(s -> s.moments("vfs_read_bytes").n() > 0);
        List<String> present = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        Map<String, Measurement> firstOfColumn = new LinkedHashMap<>();
        for (Series s : series) {
            present.add(s.key().step());
            String label = Columns.label(s.key().cell());
            labels.add(label);
            cellOfColumn.putIfAbsent(label, s.key().cell());
            if (!s.isEmpty()) {
                // columns of one place at two scales (merged runs) are two groups: never ranked together
                placeOfColumn.putIfAbsent(label, Places.group(s.first()));
                firstOfColumn.putIfAbsent(label, s.first());
            }
        }
        boolean scales = !Places.oneScale(firstOfColumn.values());
        firstOfColumn.forEach(
                (label, m) -> labelOfColumn.put(label, Places.label(m) + (scales ? ", " + size.apply(m) : "")));
        this.steps = Columns.order(stepOrder, present);
        this.columns =
                Columns.byPlace(Columns.order(filesystems, labels), c -> placeOfColumn.getOrDefault(c, Places.HOST));
    }

    /**
     * The summary of dataset {@code name} ("" for none), whose series are {@code series}; when its
     * columns ran at more than one {@code --scale}, each column group's label ends with what
     * {@code size} says of its first row (its scale and the dataset's size there).
     */
    static DatasetSummary summarize(
            String name,
            DatasetInfo info,
            List<String> stepOrder,
            List<String> filesystems,
            ResultSet results,
            List<Series> series,
            java.util.function.Function<Measurement, String> size) {
        DatasetSummarizer d = new DatasetSummarizer(results, stepOrder, filesystems, series, size);
        List<MetricGrid> times = new ArrayList<>();
        boolean services = results.series().stream()
                        .anyMatch(s -> s.moments("service_cpu_s").n() > 0)
                || results.uncounted().stream().anyMatch(m -> m.serviceCpuS() != null);
        boolean kernel = results.series().stream()
                .anyMatch(s -> s.moments("kernel_cpu_fs_s").n() > 0);
        for (TimeFigure figure : TimeFigure.values()) {
            boolean shown = (services || !figure.servicesOnly()) && (kernel || !figure.kernelOnly());
            times.add(shown ? d.grid(figure.metric(), figure.lowerIsBetter()) : null);
        }
        return new DatasetSummary(
                name,
                info,
                d.steps,
                d.columns,
                times,
                d.columns.stream()
                        .map(c -> d.labelOfColumn.getOrDefault(c, Places.HOST))
                        .toList(),
                d.grid(Metric.READ_BYTES, false),
                d.grid(Metric.WRITE_BYTES, false),
                d.traffic(),
                d.overTime());
    }

    // per step and column, the row of median real time among those with a time series
    private List<DatasetSummary.OverTime> overTime() {
        List<DatasetSummary.OverTime> out = new ArrayList<>();
        for (String step : steps) {
            for (String column : columns) {
                long id = results.series(cellOfColumn.get(column), step).overTimeRow();
                if (id >= 0) {
                    out.add(new DatasetSummary.OverTime(step, column, results.row(id)));
                }
            }
        }
        return out;
    }

    // the traffic figures' grids, where any of this dataset's series measured them
    private Map<String, MetricGrid> traffic() {
        Map<String, MetricGrid> out = new java.util.LinkedHashMap<>();
        if (measuredTraffic) {
            for (String name : DatasetSummary.TRAFFIC) {
                out.put(name, grid(new Metric(name), false));
            }
        }
        return out;
    }

    private MetricGrid grid(Metric metric, boolean ranked) {
        List<MetricGrid.Row> rows = new ArrayList<>();
        for (String step : steps) {
            Summary[] sums = new Summary[columns.size()];
            // the best is chosen among the columns of one place: the host, or one VM kernel and accelerator
            Map<String, Integer> bestOf = new HashMap<>();
            for (int c = 0; c < columns.size(); c++) {
                sums[c] = results.series(cellOfColumn.get(columns.get(c)), step).summary(metric);
                Integer best = bestOf.get(place(c));
                if (sums[c] != null && (best == null || sums[c].mean() < sums[best].mean())) {
                    bestOf.put(place(c), c);
                }
            }
            List<Ranked> cells = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                int best = bestOf.getOrDefault(place(c), -1);
                int at = c;
                boolean peers = java.util.stream.IntStream.range(0, columns.size())
                        .filter(o -> o != at && place(o).equals(place(at)))
                        .findAny()
                        .isPresent();
                cells.add(
                        ranked
                                ? Ranked.against(sums[c], best >= 0 && peers ? sums[best] : null, c == best && peers)
                                : Ranked.of(sums[c]));
            }
            rows.add(new MetricGrid.Row(step, cells));
        }
        return new MetricGrid(metric, rows);
    }

    private String place(int column) {
        return placeOfColumn.getOrDefault(columns.get(column), Places.HOST);
    }
}
