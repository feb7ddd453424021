package org.fsflow.compare;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fsflow.compare.Comparison.Row;
import org.fsflow.report.CsvCells;
import org.fsflow.report.ReportWriter;
import org.fsflow.result.Power;
import org.fsflow.safety.AtomicFile;
import org.fsflow.safety.Output;
import org.fsflow.safety.StagingWriter;
import org.fsflow.summary.PowerText;

/**
 * Writes a comparison: {@code report.html} (self-contained), {@code report.md} with
 * {@code chart-ratios.svg} beside it, and {@code comparison.csv} (one tidy row per comparison,
 * numbers unrounded), {@code comparison.bmf.json} and {@code comparison.gab.json} (see {@link Exporter}).
 * Templates {@code compare.html.ftl} and {@code compare.md.ftl}, with the run
 * report's conventions: auto-escaping, {@code Locale.ROOT}, same inputs same bytes.
 */
public final class ComparisonWriter {

    /** The chart's file name beside the Markdown report. */
    public static final String CHART = "chart-ratios.svg";
    /** The ratios in Bencher Metric Format. */
    public static final String BMF = "comparison.bmf.json";
    /** The ratios for github-action-benchmark (customSmallerIsBetter: every ratio oriented so that above 1 is worse). */
    public static final String GAB = "comparison.gab.json";
    /** The CSV's file name. */
    public static final String CSV = "comparison.csv";

    static final List<String> COLUMNS = List.of(
            "dataset",
            "filesystem",
            "step",
            "cell",
            "metric",
            "unit",
            "direction",
            "run",
            "base_n",
            "base_mean",
            "base_ci_low",
            "base_ci_high",
            "n",
            "mean",
            "ci_low",
            "ci_high",
            "ratio",
            "ratio_low",
            "ratio_high",
            "p",
            "q",
            "mark",
            "power_level",
            "detectable_ratio",
            "repetitions_for_1_1",
            "repetitions_for_1_2",
            "repetitions_to_decide",
            "undecided");

    private final ReportWriter templates;

    /** A writer using the built-in templates, or those of {@code templates} first when not null. */
    public ComparisonWriter(Path templates) {
        this.templates = new ReportWriter(templates);
    }

    /**
     * Writes {@code c} into {@code out} (created if needed; refused when it holds another kind's
     * files), all or nothing ({@link StagingWriter}), and returns the files written.
     */
    public List<Path> write(Comparison c, Path out) {
        try (StagingWriter staging = StagingWriter.open(
                out,
                Output.COMPARISON,
                "Choose another --out: a new directory, or one that holds an earlier comparison.")) {
            return staging.commit(writeInto(c, staging.dir()));
        }
    }

    private List<Path> writeInto(Comparison c, Path out) {
        String chart = RatioLines.svg(c.rows(), c.others().size() > 1);
        ComparisonView view = ComparisonView.of(c, chart, chart.isEmpty() ? "" : CHART);
        Map<String, Object> model = Map.of("c", view);
        List<Path> written = new ArrayList<>();
        written.add(write(out.resolve(ReportWriter.HTML), templates.render("compare.html.ftl", model)));
        written.add(write(out.resolve(ReportWriter.MARKDOWN), templates.render("compare.md.ftl", model)));
        if (!chart.isEmpty()) {
            written.add(write(out.resolve(CHART), chart));
        }
        written.add(write(out.resolve(CSV), csv(c.rows())));
        written.add(write(out.resolve(BMF), Exporter.bmf(c)));
        written.add(write(out.resolve(GAB), Exporter.gab(c)));
        return written;
    }

    static String csv(List<Row> rows) {
        CsvSchema.Builder schema = CsvSchema.builder();
        COLUMNS.forEach(schema::addColumn);
        StringWriter text = new StringWriter();
        try (SequenceWriter w =
                new CsvMapper().writer(schema.build().withHeader()).writeValues(text)) {
            for (Row r : rows) {
                w.write(List.of(
                        CsvCells.text(r.dataset()),
                        CsvCells.text(r.filesystem()),
                        CsvCells.text(r.step()),
                        CsvCells.text(r.extra()),
                        CsvCells.text(r.metric()),
                        CsvCells.text(r.unit()),
                        r.direction().name().toLowerCase(Locale.ROOT),
                        CsvCells.text(r.run()),
                        r.base().n(),
                        num(r.base().mean()),
                        num(r.base().ciLow()),
                        num(r.base().ciHigh()),
                        r.other().n(),
                        num(r.other().mean()),
                        num(r.other().ciLow()),
                        num(r.other().ciHigh()),
                        num(r.ratio().ratio()),
                        num(r.ratio().low()),
                        num(r.ratio().high()),
                        num(r.p()),
                        num(r.q()),
                        r.mark().name().toLowerCase(Locale.ROOT),
                        num(r.power() == null ? Double.NaN : r.power().level()),
                        num(r.power() == null ? Double.NaN : r.power().detectable()),
                        count(r.power() == null ? Power.BEYOND : r.power().for10()),
                        count(r.power() == null ? Power.BEYOND : r.power().for20()),
                        count(r.power() == null ? Power.BEYOND : r.power().toDecide()),
                        r.mark() == Mark.SAME ? PowerText.kind(r.power()) : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    // a number of repetitions; "" where there is none or it is past the search limit
    private static String count(int n) {
        return n == Power.BEYOND ? "" : Integer.toString(n);
    }

    private static String num(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }

    private static Path write(Path file, String text) {
        try {
            AtomicFile.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
