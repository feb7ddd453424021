package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.plan.Cell;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment.DatasetInfo;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;

/** One dataset's tables: per step and column, the statistics of each figure, ranked where lower is better. */
final class DatasetSummarizer {

    private final ResultSet results;
    private final List<String> steps;
    private final List<String> columns;
    private final Map<String, Cell> cellOfColumn = new LinkedHashMap<>();

    private DatasetSummarizer(ResultSet results, List<String> stepOrder, List<String> filesystems,
            List<Series> series) {
        this.results = results;
        List<String> present = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Series s : series) {
            present.add(s.key().step());
            String label = Columns.label(s.key().cell());
            labels.add(label);
            cellOfColumn.putIfAbsent(label, s.key().cell());
        }
        this.steps = Columns.order(stepOrder, present);
        this.columns = Columns.order(filesystems, labels);
    }

    /** The summary of dataset {@code name} ("" for none), whose series are {@code series}. */
    static DatasetSummary summarize(String name, DatasetInfo info, List<String> stepOrder, List<String> filesystems,
            ResultSet results, List<Series> series) {
        DatasetSummarizer d = new DatasetSummarizer(results, stepOrder, filesystems, series);
        List<MetricGrid> times = new ArrayList<>();
        for (TimeFigure figure : TimeFigure.values()) {
            times.add(d.grid(figure.metric(), figure.lowerIsBetter()));
        }
        return new DatasetSummary(name, info, d.steps, d.columns, times, d.grid(Metric.READ_BYTES, false),
                d.grid(Metric.WRITE_BYTES, false));
    }

    private MetricGrid grid(Metric metric, boolean ranked) {
        List<MetricGrid.Row> rows = new ArrayList<>();
        for (String step : steps) {
            Summary[] sums = new Summary[columns.size()];
            int best = -1;
            for (int c = 0; c < columns.size(); c++) {
                sums[c] = results.series(cellOfColumn.get(columns.get(c)), step).summary(metric);
                if (sums[c] != null && (best < 0 || sums[c].mean() < sums[best].mean())) {
                    best = c;
                }
            }
            List<Ranked> cells = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                cells.add(ranked ? Ranked.against(sums[c], best >= 0 ? sums[best] : null,
                        c == best && columns.size() > 1) : Ranked.of(sums[c]));
            }
            rows.add(new MetricGrid.Row(step, cells));
        }
        return new MetricGrid(metric, rows);
    }
}
