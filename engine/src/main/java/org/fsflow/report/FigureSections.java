package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.report.ReportModel.Cell;
import org.fsflow.result.Moments;
import org.fsflow.summary.FigureTable;
import org.fsflow.summary.FigureTable.Combined;
import org.fsflow.summary.FigureTable.Figure;
import org.fsflow.summary.Numbers;

/** The parsed figures' section of the report: each {@link FigureTable} formatted, its unit scaled per row. */
final class FigureSections {

    /** How the cells are computed, printed above the tables. */
    static final String METHOD = "The tools' own figures, parsed from their output (parse:), per step and column over "
            + "the repetitions that succeeded. Rates, totals and means (IOPS, bandwidth, mean latencies): the mean ± "
            + "the half-width of its 95 % confidence interval (Student t, n − 1 degrees of freedom). Latency "
            + "percentiles (p50, p99 ...: each repetition's own percentile of its latencies): the median of the "
            + "per-repetition percentiles [its 95 % percentile-bootstrap interval, 2000 resamples, fixed seed]; a "
            + "mean of percentiles is not a percentile of anything, so none is shown, and a median needs at most "
            + Moments.KEPT + " repetitions. The best of a row among the columns of one place is marked, the highest "
            + "for rates and the lowest for latencies and times; ×k is the ratio to it; ≈ marks a column not "
            + "significantly different from the best (means: Welch's t-test at 5 %; medians: overlapping intervals; "
            + "n ≥ 2 on both sides). Figures without a direction (work done, counts) are shown, not ranked. A fio "
            + "job's write latencies are those of its write() calls; with --fsync or --fdatasync, its sync rows are "
            + "those of the syncs.";

    private FigureSections() {}

    static FigureSection of(List<FigureTable> tables) {
        return new FigureSection(tables.stream().map(FigureSections::table).toList(), METHOD);
    }

    private static FigureSection.Table table(FigureTable t) {
        String title = "step " + t.step()
                + (t.group().isEmpty() ? "" : ": " + t.group().replace(".", " · "))
                + (t.dataset().isEmpty() ? "" : ", dataset " + t.dataset());
        List<FigureSection.Row> rows = new ArrayList<>();
        for (FigureTable.Row r : t.rows()) {
            double max = r.cells().stream()
                    .mapToDouble(Figure::value)
                    .filter(Double::isFinite)
                    .map(Math::abs)
                    .max()
                    .orElse(0);
            Scale scale = Scale.of(r.spec().unit(), max);
            rows.add(new FigureSection.Row(
                    r.figure(),
                    r.key(),
                    scale.unit(),
                    r.combined() == Combined.MEDIAN ? "median [95 % CI]" : "mean ± 95 % CI",
                    r.spec().meaning(),
                    r.cells().stream().map(f -> cell(f, r.combined(), scale)).toList()));
        }
        return new FigureSection.Table(
                title,
                "figures-"
                        + DatasetSections.anchor((t.dataset().isEmpty() ? "" : t.dataset() + "-")
                                + t.step()
                                + (t.group().isEmpty() ? "" : "-" + t.group())),
                t.columns(),
                PlaceCharts.groups(t.places()),
                rows);
    }

    private static Cell cell(Figure f, Combined combined, Scale scale) {
        if (f.n() == 0 || Double.isNaN(f.value())) {
            return new Cell("–", "", "", f.n() == 0 ? "" : "n=" + f.n(), 0);
        }
        String value = Numbers.sig(f.value() / scale.divisor());
        String text;
        if (f.n() < 2) {
            text = value;
        } else if (combined == Combined.MEDIAN) {
            text = value + " [" + Numbers.sig(f.low() / scale.divisor()) + ", "
                    + Numbers.sig(f.high() / scale.divisor()) + "]";
        } else {
            text = value + " ± " + Numbers.same((f.high() - f.low()) / 2 / scale.divisor(), value);
        }
        String rel = Double.isNaN(f.ratio()) ? "" : "×" + Numbers.fixed(f.ratio(), 2);
        String mark = f.best() ? "best" : f.tie() ? "≈" : "";
        return new Cell(text, rel, mark, "n=" + f.n(), 0);
    }

    /** The unit a row is shown in and what its values are divided by to be in it. */
    private record Scale(String unit, double divisor) {

        private static final String[] BINARY = {"B", "KiB", "MiB", "GiB", "TiB"};

        static Scale of(String unit, double max) {
            if (unit.equals("ns")) {
                return max >= 1e9
                        ? new Scale("s", 1e9)
                        : max >= 1e6 ? new Scale("ms", 1e6) : max >= 1e3 ? new Scale("µs", 1e3) : new Scale("ns", 1);
            }
            if (unit.equals("B") || unit.equals("B/s")) {
                int u = 0;
                double d = 1;
                while (max / d >= 1024 && u < BINARY.length - 1) {
                    d *= 1024;
                    u++;
                }
                return new Scale(BINARY[u] + unit.substring(1), d);
            }
            return new Scale(unit, 1);
        }
    }
}
