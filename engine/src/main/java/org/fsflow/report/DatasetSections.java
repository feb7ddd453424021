package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.chart.BarChart;
import org.fsflow.chart.OverTimeChart;
import org.fsflow.report.ReportModel.Cell;
import org.fsflow.report.ReportModel.Chart;
import org.fsflow.report.ReportModel.Dataset;
import org.fsflow.report.ReportModel.PlainRow;
import org.fsflow.report.ReportModel.PlainTable;
import org.fsflow.report.ReportModel.Row;
import org.fsflow.report.ReportModel.Table;
import org.fsflow.result.RunCampaign.DatasetInfo;
import org.fsflow.result.Summary;
import org.fsflow.summary.DatasetSummary;
import org.fsflow.summary.MetricGrid;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.Ranked;
import org.fsflow.summary.TimeFigure;

/** A dataset's section of the report: its time tables, I/O table and chart, formatted. */
final class DatasetSections {

    private DatasetSections() {}

    static Dataset of(DatasetSummary d) {
        String label = d.name().isEmpty() ? "all" : d.name();
        List<Table> tables = new ArrayList<>();
        for (TimeFigure figure : d.figures()) {
            tables.add(table(figure, d.time(figure)));
        }
        MetricGrid real = d.time(TimeFigure.REAL);
        double[][] means = new double[d.steps().size()][d.columns().size()];
        double[][] halves = new double[d.steps().size()][d.columns().size()];
        for (int s = 0; s < means.length; s++) {
            for (int c = 0; c < means[s].length; c++) {
                Summary stats = real.rows().get(s).cells().get(c).stats();
                means[s][c] = stats == null ? Double.NaN : stats.mean();
                halves[s][c] = stats == null ? Double.NaN : stats.ciHalfWidth();
            }
        }
        List<Chart> charts = PlaceCharts.charts(
                "Real time per step, relative to the fastest: " + label,
                "chart-" + anchor(label),
                d.columns(),
                d.places(),
                means,
                halves,
                (title, columns, v, h) -> BarChart.groupedRelative(title, d.steps(), columns, v, h));
        return new Dataset(
                d.name().isEmpty() ? "all steps" : d.name(),
                "dataset-" + anchor(label),
                info(d.info()),
                d.columns(),
                PlaceCharts.groups(d.places()),
                tables,
                io(d),
                cache(d),
                overTime(d, label),
                charts,
                charts.isEmpty() ? "" : charts.get(0).svg(),
                charts.isEmpty() ? "" : charts.get(0).file());
    }

    static String anchor(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "-");
    }

    private static String info(DatasetInfo d) {
        if (d == null) {
            return "";
        }
        if (d.existing() != null) {
            return "existing tree " + d.existing();
        }
        return d.files() + (d.files() == 1 ? " file, " : " files, ") + Numbers.bytes(d.bytes());
    }

    private static Table table(TimeFigure figure, MetricGrid grid) {
        List<Row> rows = new ArrayList<>();
        for (MetricGrid.Row r : grid.rows()) {
            rows.add(new Row(
                    r.step(), r.cells().stream().map(DatasetSections::cell).toList()));
        }
        return new Table(figure.title(), figure.metric().key(), figure.lowerIsBetter(), rows);
    }

    private static Cell cell(Ranked r) {
        Summary s = r.stats();
        if (s == null) {
            return new Cell("–", "", "", "", 0);
        }
        String mean = Numbers.sig(s.mean());
        String text = s.n() >= 2 ? mean + " ± " + Numbers.same(s.ciHalfWidth(), mean) : mean;
        String rel = Double.isNaN(r.ratio()) ? "" : "×" + Numbers.fixed(r.ratio(), 2);
        String mark = r.best() ? "best" : r.tie() ? "≈" : "";
        return new Cell(text, rel, mark, "n=" + s.n(), s.outliers().size());
    }

    private static PlainTable io(DatasetSummary d) {
        List<PlainRow> rows = new ArrayList<>();
        for (int s = 0; s < d.steps().size(); s++) {
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < d.columns().size(); c++) {
                Summary read = d.read().rows().get(s).cells().get(c).stats();
                Summary written = d.written().rows().get(s).cells().get(c).stats();
                cells.add(
                        read == null
                                ? "–"
                                : Numbers.bytes(read.mean()) + " / "
                                        + Numbers.bytes(written == null ? Double.NaN : written.mean()));
            }
            rows.add(new PlainRow(d.steps().get(s), cells));
        }
        return new PlainTable(
                "Device I/O per step, mean read / written (/proc/diskstats, devices of the scenario)", rows);
    }

    // the step's bytes told apart, where the run measured them; null otherwise
    private static PlainTable cache(DatasetSummary d) {
        if (d.traffic().isEmpty()) {
            return null;
        }
        List<PlainRow> rows = new ArrayList<>();
        for (int s = 0; s < d.steps().size(); s++) {
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < d.columns().size(); c++) {
                double[] v = new double[DatasetSummary.TRAFFIC.size()];
                for (int f = 0; f < v.length; f++) {
                    Summary x = d.traffic()
                            .get(DatasetSummary.TRAFFIC.get(f))
                            .rows()
                            .get(s)
                            .cells()
                            .get(c)
                            .stats();
                    v[f] = x == null ? Double.NaN : x.mean();
                }
                cells.add(
                        Double.isNaN(v[0])
                                ? "–"
                                : Numbers.bytes(v[0]) + " / " + Numbers.bytes(v[1]) + " calls · " + Numbers.bytes(v[2])
                                        + " / " + Numbers.bytes(v[3]) + " storage · " + Numbers.bytes(v[4])
                                        + " dirty at end");
            }
            rows.add(new PlainRow(d.steps().get(s), cells));
        }
        return new PlainTable(
                "Page cache and storage per step, mean: read / written through read and write calls (rchar, wchar);"
                        + " fetched from / dirtied for storage by the step's processes (read_bytes, write_bytes of"
                        + " /proc/PID/io); host-wide Dirty + Writeback when the step ended (/proc/meminfo)",
                rows);
    }

    // a chart per step and column that kept a time series: its repetition of median real time
    private static List<Chart> overTime(DatasetSummary d, String label) {
        List<Chart> out = new ArrayList<>();
        for (DatasetSummary.OverTime o : d.overTime()) {
            String title = "Over time: " + o.step() + " on " + o.column() + " (repetition "
                    + o.row().repeat() + ", " + Numbers.sig(o.row().realS()) + " s)";
            out.add(new Chart(
                    title,
                    OverTimeChart.svg(title, o.row().samples()),
                    "overtime-" + anchor(label) + "-" + anchor(o.step()) + "-" + anchor(o.column()) + ".svg"));
        }
        return out;
    }
}
