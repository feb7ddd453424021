package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.chart.BarChart;
import org.fsflow.report.ReportModel.Bonnie;
import org.fsflow.report.ReportModel.BonnieHeader;
import org.fsflow.report.ReportModel.BonnieLine;
import org.fsflow.report.ReportModel.Chart;
import org.fsflow.result.Summary;
import org.fsflow.summary.BonnieTable;
import org.fsflow.summary.BonnieTest;
import org.fsflow.summary.Numbers;

/** The bonnie++ tables of the report, laid out like bon_csv2html: mean ± the half-width of its 95 % confidence interval (as every ± of a report), +++++ when too fast. */
final class BonnieSections {

    /** The tests charted, as block throughput. */
    private static final List<BonnieTest> CHARTED =
            List.of(BonnieTest.PUT_BLOCK, BonnieTest.REWRITE, BonnieTest.GET_BLOCK);

    private BonnieSections() {}

    static Bonnie of(BonnieTable t) {
        List<BonnieLine> lines = new ArrayList<>();
        double[][] means = new double[CHARTED.size()][t.columns().size()];
        double[][] sds = new double[CHARTED.size()][t.columns().size()];
        List<String> places = t.lines().stream().map(BonnieTable.Line::place).toList();
        boolean many = places.stream().distinct().count() > 1;
        for (int f = 0; f < t.lines().size(); f++) {
            BonnieTable.Line line = t.lines().get(f);
            boolean start = many && (f == 0 || !places.get(f - 1).equals(line.place()));
            lines.add(line(line, many ? line.place() : "", start));
            for (int i = 0; i < CHARTED.size(); i++) {
                BonnieTable.Figure figure = line.figure(CHARTED.get(i));
                Summary s = figure == null ? null : figure.rate();
                means[i][f] = s == null ? Double.NaN : s.mean() / 1024;
                sds[i][f] = s == null || s.n() < 2 ? Double.NaN : s.ciHalfWidth() / 1024;
            }
        }
        List<Chart> charts = PlaceCharts.charts(
                "bonnie++ block throughput (± 95 % confidence interval)",
                "chart-bonnie-" + DatasetSections.anchor((t.dataset().isEmpty() ? "" : t.dataset() + "-") + t.step()),
                t.lines().stream().map(BonnieTable.Line::column).toList(),
                places,
                means,
                sds,
                (title, columns, v, h) -> BarChart.grouped(
                        title, "MiB/s", "", false, List.of("write (block)", "rewrite", "read (block)"), columns, v, h));
        return new Bonnie(
                "bonnie++: " + t.step() + (t.dataset().isEmpty() ? "" : ", dataset " + t.dataset()),
                headers(t.tests()),
                lines,
                charts,
                charts.isEmpty() ? "" : charts.get(0).svg(),
                charts.isEmpty() ? "" : charts.get(0).file());
    }

    private static List<BonnieHeader> headers(List<BonnieTest> tests) {
        List<BonnieHeader> out = new ArrayList<>();
        String group = null;
        for (BonnieTest test : tests) {
            int span = 2
                    * (int) tests.stream()
                            .filter(x -> x.group().equals(test.group()))
                            .count();
            out.add(new BonnieHeader(
                    test.group(), test.test(), test.unit(), !test.group().equals(group), span));
            group = test.group();
        }
        return out;
    }

    private static BonnieLine line(BonnieTable.Line line, String place, boolean placeStart) {
        List<String> cells = new ArrayList<>();
        List<String> latencies = new ArrayList<>();
        for (BonnieTable.Figure f : line.figures()) {
            cells.add(rate(f.rate(), f.tooFastRuns()));
            cells.add(cpu(f.cpu(), f.tooFast()));
            latencies.add(f.latency() == null ? "" : latency(f.latency()));
        }
        return new BonnieLine(
                line.column(),
                line.runs(),
                cells,
                latencies.stream().allMatch(String::isEmpty) ? List.of() : latencies,
                place,
                placeStart);
    }

    // runs too fast to measure are out of the mean: the cell says how many
    private static String rate(Summary s, int tooFast) {
        if (s == null) {
            return tooFast > 0 ? "+++++" : "";
        }
        String mean = Numbers.sig(s.mean());
        return (s.n() >= 2 ? mean + " ± " + Numbers.sig(s.ciHalfWidth()) : mean)
                + (tooFast > 0 ? " (+" + tooFast + " × +++++)" : "");
    }

    private static String cpu(Summary s, boolean tooFast) {
        if (s == null) {
            return tooFast ? "+++" : "";
        }
        String mean = Numbers.fixed(s.mean(), 0);
        return s.n() >= 2 ? mean + " ± " + Numbers.fixed(s.ciHalfWidth(), 1) : mean;
    }

    private static String latency(Summary s) {
        double us = s.mean();
        return us >= 1_000_000
                ? Numbers.sig(us / 1e6) + " s"
                : us >= 1000 ? Numbers.sig(us / 1000) + " ms" : Numbers.sig(us) + " µs";
    }
}
