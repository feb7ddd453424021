package org.fsflow.report;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.fsflow.result.Measurement;

/**
 * {@code results.csv}: one tidy row per measurement for pandas or R, every contract field plus one
 * {@code metric.NAME} column per parsed figure (sorted), empty where absent.
 */
final class CsvWriter {

    static final List<String> COLUMNS = List.of(
            "node",
            "dataset",
            "filesystem",
            "step",
            "repeat",
            "status",
            "exit_code",
            "real_s",
            "user_s",
            "sys_s",
            "cpu_pct",
            "max_rss_kb",
            "minor_faults",
            "major_faults",
            "read_bytes",
            "write_bytes",
            "io_busy_ms",
            "started_at",
            "ended_at",
            "command",
            "reason");

    private CsvWriter() {}

    /** The CSV of {@code rows}, as text (tests, small runs). */
    static String csv(List<Measurement> rows) {
        StringWriter out = new StringWriter();
        try {
            write(rows, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes the CSV of {@code rows} to {@code out}, row by row. */
    static void write(List<Measurement> rows, java.io.Writer out) throws IOException {
        TreeSet<String> metrics = new TreeSet<>();
        rows.forEach(r -> {
            if (r.metrics() != null) {
                metrics.addAll(r.metrics().keySet());
            }
        });
        try (SequenceWriter w = writer(columns(metrics), true).writeValues(out)) {
            for (Measurement r : rows) {
                List<Object> row = contract(r);
                for (String m : metrics) {
                    row.add(r.metrics() == null ? "" : nz(r.metrics().get(m)));
                }
                w.write(row);
            }
        }
    }

    /** Every column: the contract's, then {@code metric.NAME} per metrics key. */
    static List<String> columns(java.util.Collection<String> metrics) {
        List<String> out = new ArrayList<>(COLUMNS);
        metrics.forEach(m -> out.add("metric." + m));
        return out;
    }

    /** The contract columns of {@code r}, in {@link #COLUMNS} order. */
    static List<Object> contract(Measurement r) {
        return new ArrayList<>(List.of(
                r.node(),
                nz(r.dataset()),
                nz(r.filesystem()),
                r.step(),
                r.repeat(),
                r.status(),
                nz(r.exitCode()),
                nz(r.realS()),
                nz(r.userS()),
                nz(r.sysS()),
                nz(r.cpuPct()),
                nz(r.maxRssKb()),
                nz(r.minorFaults()),
                nz(r.majorFaults()),
                nz(r.readBytes()),
                nz(r.writeBytes()),
                nz(r.ioBusyMs()),
                nz(r.startedAt()),
                nz(r.endedAt()),
                nz(r.command()),
                nz(r.reason())));
    }

    /** The CSV writer of {@code columns} (with their header line when {@code header}). */
    static com.fasterxml.jackson.databind.ObjectWriter writer(List<String> columns, boolean header) {
        CsvSchema.Builder schema = CsvSchema.builder();
        columns.forEach(schema::addColumn);
        CsvSchema built = schema.build();
        // the caller owns out: closing the sequence flushes it and leaves it open
        CsvMapper mapper = CsvMapper.builder()
                .disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET)
                .build();
        return mapper.writer(header ? built.withHeader() : built);
    }

    static Object nz(Object v) {
        return v == null ? "" : v;
    }
}
