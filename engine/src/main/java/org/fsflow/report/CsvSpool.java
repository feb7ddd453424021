package org.fsflow.report;

import com.fasterxml.jackson.databind.SequenceWriter;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.fsflow.result.Measurement;
import org.fsflow.safety.AtomicFile;

/**
 * {@code results.csv} made during the one pass over the journal: each row's contract columns are
 * encoded as it is read and spooled to a file beside the CSV with its metrics; the metrics columns
 * are known only at the end, so the CSV is assembled from the spool then, header first. Same bytes
 * as {@link CsvWriter} of the same rows, in the memory of one row.
 */
final class CsvSpool implements Consumer<Measurement>, AutoCloseable {

    private final Path spool;
    private final DataOutputStream out;
    private final TreeSet<String> metrics = new TreeSet<>();
    private final StringWriter text = new StringWriter();
    private final SequenceWriter contract;
    private final SequenceWriter cell;

    /** A spool in {@code dir} (removed by {@link #close}). */
    CsvSpool(Path dir) {
        try {
            spool = Files.createTempFile(dir, ".results.csv.", ".spool");
            out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(spool), 1 << 16));
            contract = CsvWriter.writer(CsvWriter.COLUMNS, false).writeValues(text);
            cell = CsvWriter.writer(List.of("value"), false).writeValues(text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spool results.csv in " + dir, e);
        }
    }

    @Override
    public void accept(Measurement m) {
        try {
            put(encode(contract, CsvWriter.contract(m)));
            Map<String, Object> figures = m.metrics() == null ? Map.of() : m.metrics();
            out.writeInt(figures.size());
            for (Map.Entry<String, Object> e : figures.entrySet()) {
                metrics.add(e.getKey());
                put(e.getKey());
                // an empty cell is empty anywhere; a lone empty first cell might be quoted
                Object v = CsvWriter.nz(e.getValue());
                put(v.equals("") ? "" : encode(cell, List.of(v)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spool results.csv to " + spool, e);
        }
    }

    private void put(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String take(DataInputStream in) throws IOException {
        return new String(in.readNBytes(in.readInt()), StandardCharsets.UTF_8);
    }

    // one CSV line without its line end: each cell is quoted by its own content only
    private String encode(SequenceWriter w, List<Object> row) throws IOException {
        text.getBuffer().setLength(0);
        w.write(row);
        w.flush();
        StringBuffer b = text.getBuffer();
        return b.substring(0, b.length() - 1);
    }

    /** Writes {@code file}: the header with every metrics key seen, then each spooled row. */
    Path writeTo(Path file) {
        try {
            out.flush();
            List<String> columns = CsvWriter.columns(metrics);
            String header =
                    encode(CsvWriter.writer(columns, false).writeValues(text), new java.util.ArrayList<>(columns));
            AtomicFile.write(file, ch -> {
                Writer w = new java.io.BufferedWriter(Channels.newWriter(ch, StandardCharsets.UTF_8), 1 << 16);
                w.write(header);
                w.write('\n');
                copy(w);
                w.flush();
            });
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private void copy(Writer w) throws IOException {
        List<String> keys = List.copyOf(metrics);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(spool), 1 << 16))) {
            Map<String, String> cells = new HashMap<>();
            while (true) {
                String line;
                try {
                    line = take(in);
                } catch (EOFException end) {
                    return;
                }
                cells.clear();
                for (int n = in.readInt(); n > 0; n--) {
                    String key = take(in);
                    cells.put(key, take(in));
                }
                w.write(line);
                for (String k : keys) {
                    w.write(',');
                    w.write(cells.getOrDefault(k, ""));
                }
                w.write('\n');
            }
        }
    }

    @Override
    public void close() {
        try {
            out.close();
            Files.deleteIfExists(spool);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + spool, e);
        }
    }
}
