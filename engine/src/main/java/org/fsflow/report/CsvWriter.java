package org.fsflow.report;

import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.fsflow.result.JournalReader;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.result.Traffic;

/**
 * {@code results.csv}: one tidy row per measurement for pandas or R, every contract field plus one
 * {@code metric.NAME} column per parsed figure (sorted), empty where absent.
 */
final class CsvWriter {

    static final List<String> COLUMNS = flat(
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
            Traffic.NAMES,
            "shared_extent_fraction",
            "started_at",
            "ended_at",
            "command",
            "reason");

    private CsvWriter() {}

    // names and lists of names, in order
    private static List<String> flat(Object... names) {
        List<String> out = new ArrayList<>();
        for (Object n : names) {
            if (n instanceof List<?> l) {
                l.forEach(x -> out.add((String) x));
            } else {
                out.add((String) n);
            }
        }
        return List.copyOf(out);
    }

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
    static void write(List<Measurement> rows, Writer out) throws IOException {
        TreeSet<String> metrics = new TreeSet<>();
        rows.forEach(r -> {
            if (r.metrics() != null) {
                metrics.addAll(r.metrics().keySet());
            }
        });
        try (Rows w = new Rows(metrics, out)) {
            for (Measurement r : rows) {
                w.write(r);
            }
        }
    }

    /**
     * A buffered UTF-8 writer into {@code ch} that writes a lone surrogate (an escaped U+D800 that a
     * row's JSON may hold, which no UTF-8 can encode) as U+FFFD instead of failing the file.
     */
    static java.io.Writer utf8(java.nio.channels.FileChannel ch) {
        java.nio.charset.CharsetEncoder utf8 = java.nio.charset.StandardCharsets.UTF_8
                .newEncoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE)
                .replaceWith("\uFFFD".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return new java.io.BufferedWriter(java.nio.channels.Channels.newWriter(ch, utf8, -1), 1 << 16);
    }

    /** Writes the CSV of the journal {@code file}, whose rows' metrics keys are {@code metrics}, read row by row. */
    static void write(Path file, Collection<String> metrics, Writer out) throws IOException {
        try (Rows w = new Rows(metrics, out)) {
            // the lines the report's pass could not read are skipped here too (it names them)
            JournalReader.scan(file, (m, offset) -> w.write(m), new java.util.ArrayList<>());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * The rows of one CSV, header first, on the generator the CSV mapper drives, driven directly:
     * the bytes of {@code SequenceWriter.write(List)}, without a serializer lookup per value.
     */
    static final class Rows implements AutoCloseable {

        private final List<String> metrics;
        private final CsvGenerator g;

        Rows(Collection<String> metrics, Writer out) throws IOException {
            this.metrics = List.copyOf(metrics);
            g = (CsvGenerator) mapper().getFactory().createGenerator(out);
            g.setSchema(schema(columns(metrics), true));
        }

        void write(Measurement r) {
            try {
                g.writeStartArray();
                writeContract(r);
                for (String m : metrics) {
                    g.writeObject(
                            r.metrics() == null
                                    ? ""
                                    : CsvCells.cell(nz(r.metrics().get(m))));
                }
                g.writeEndArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        // the values of contract(r), in its order, written one by one: no list, no boxing per row
        private void writeContract(Measurement r) throws IOException {
            text(r.node());
            text(r.dataset());
            text(r.filesystem());
            text(r.step());
            g.writeNumber(r.repeat());
            text(r.status() == null ? null : r.status().value());
            value(r.exitCode());
            value(r.realS());
            value(r.userS());
            value(r.sysS());
            value(r.cpuPct());
            value(r.maxRssKb());
            value(r.minorFaults());
            value(r.majorFaults());
            value(r.readBytes());
            value(r.writeBytes());
            value(r.ioBusyMs());
            for (String name : Traffic.NAMES) {
                value(r.traffic() == null ? null : r.traffic().get(name));
            }
            value(
                    r.sharedExtents() == null
                            ? null
                            : Math.round(r.sharedExtents().fraction() * 1e4) / 1e4);
            text(r.startedAt());
            text(r.endedAt());
            text(r.command());
            text(r.reason());
        }

        private void text(String v) throws IOException {
            g.writeString(CsvCells.text(v));
        }

        private void value(Object v) throws IOException {
            if (v instanceof Double d) {
                g.writeNumber(d);
            } else if (v instanceof Long l) {
                g.writeNumber(l);
            } else if (v instanceof Integer i) {
                g.writeNumber(i);
            } else if (v instanceof Status s) {
                g.writeString(s.value());
            } else if (v == null) {
                g.writeString("");
            } else {
                g.writeString(CsvCells.text(v.toString()));
            }
        }

        @Override
        public void close() throws IOException {
            g.close();
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
        List<Object> out = new ArrayList<>(List.of(
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
                nz(r.ioBusyMs())));
        for (String name : Traffic.NAMES) {
            out.add(nz(r.traffic() == null ? null : r.traffic().get(name)));
        }
        out.add(nz(
                r.sharedExtents() == null ? null : Math.round(r.sharedExtents().fraction() * 1e4) / 1e4));
        out.addAll(Arrays.asList(nz(r.startedAt()), nz(r.endedAt()), nz(r.command()), nz(r.reason())));
        return out;
    }

    private static CsvSchema schema(List<String> columns, boolean header) {
        CsvSchema.Builder schema = CsvSchema.builder();
        columns.forEach(schema::addColumn);
        CsvSchema built = schema.build();
        return header ? built.withHeader() : built;
    }

    // the caller owns out: closing the generator flushes it and leaves it open
    private static CsvMapper mapper() {
        return CsvMapper.builder()
                .disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET)
                .build();
    }

    static Object nz(Object v) {
        return v == null ? "" : v;
    }
}
