package org.fsflow.result;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Reads {@code results.jsonl} one line at a time, each measurement handed over with the byte
 * offset of its line and then forgotten: a journal of any length is read in the memory of one line.
 * A torn last line (a crash during a write) ends the journal; a bad line before the last is an error.
 */
public final class JournalReader {

    /** What receives each measurement of a journal, with the offset of its line ({@link #readAt}). */
    @FunctionalInterface
    public interface Sink {
        /** Called once per complete measurement, in journal order. */
        void accept(Measurement m, long offset);
    }

    private JournalReader() {}

    /**
     * Hands every complete measurement of {@code file} to {@code sink}; returns how many (0 without
     * a file). A line that is not a measurement is refused ({@link JournalException}, with its
     * line), unless it is the torn last line of a crash during a write.
     */
    public static int scan(Path file, Sink sink) {
        return scan(file, sink, null);
    }

    /**
     * Like {@link #scan(Path, Sink)}, but a line that is not a measurement is skipped and added to
     * {@code unreadable} (null: refused) with its number and why; only a torn last line (no newline
     * after it: a crash during a write) ends the journal without a word.
     */
    public static int scan(Path file, Sink sink, List<Unreadable> unreadable) {
        if (!Files.exists(file)) {
            return 0;
        }
        try {
            org.fsflow.safety.InputFiles.requireRegular(file); // a FIFO would block the read for ever
        } catch (org.fsflow.safety.InputFiles.Refused e) {
            throw new JournalException("error: " + e.getMessage());
        }
        int count = 0;
        long from = 0;
        long line = 1;
        Values values = new Values();
        while (true) {
            Segment s = segment(file, from, line, sink, values);
            count += s.rows();
            if (s.bad() == null) {
                return count;
            }
            BadLine bad = s.bad();
            if (bad.last() && (bad.cutShort() || !bad.terminated())) {
                return count; // torn by a crash during a write: cut when the journal is opened again
            }
            if (unreadable == null) {
                throw new JournalException(file + ":" + bad.number() + ": error: not a measurement: " + bad.reason()
                        + ". Repair or remove that line; 'fsflow report' renders the rest and names every "
                        + "line it could not read");
            }
            unreadable.add(new Unreadable(bad.number(), bad.reason()));
            if (bad.last()) {
                return count;
            }
            from = bad.end() + 1;
            line = bad.number() + 1;
        }
    }

    /** A line of a journal that is not a measurement: its number (from 1) and why, in words. */
    public record Unreadable(long line, String reason) {}

    private record Segment(int rows, BadLine bad) {}

    // one parser from byte 'from' (line 'line') to the end or to the first line that is no measurement
    private static Segment segment(Path file, long from, long line, Sink sink, Values values) {
        int count = 0;
        long end = from;
        long endLine = line;
        // one parser over the journal: its names are looked up once, and it finds each line's end
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(from);
            try (JsonParser p = MeasurementReader.parser(in)) {
                while (true) {
                    Measurement m;
                    long offset;
                    try {
                        if (p.nextToken() == null) {
                            return new Segment(count, null);
                        }
                        offset = from + p.currentTokenLocation().getByteOffset();
                        m = MeasurementReader.read(p, values);
                        end = from + p.currentLocation().getByteOffset();
                        endLine = line + p.currentLocation().getLineNr() - 1;
                    } catch (IOException | RuntimeException e) {
                        return new Segment(count, BadLine.after(file, end, endLine, count > 0, e));
                    }
                    sink.accept(m, offset);
                    count++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The measurement whose line starts at {@code offset} in {@code file}. */
    public static Measurement readAt(Path file, long offset) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(1 << 14);
            int n;
            while ((n = ch.read(b, offset)) > 0) {
                int len = b.position();
                byte[] a = b.array();
                for (int i = 0; i < len; i++) {
                    if (a[i] == '\n') {
                        return MeasurementReader.read(a, 0, i);
                    }
                }
                if (n >= 0 && b.remaining() == 0) {
                    b = ByteBuffer.allocate(b.capacity() * 2);
                } else {
                    return MeasurementReader.read(a, 0, len);
                }
            }
            throw new IllegalStateException(file + ": no measurement at offset " + offset);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
