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

    /** Hands every complete measurement of {@code file} to {@code sink}; returns how many (0 without a file). */
    public static int scan(Path file, Sink sink) {
        if (!Files.exists(file)) {
            return 0;
        }
        int count = 0;
        long end = 0;
        Values values = new Values();
        // one parser over the whole journal: its names are looked up once, and it finds each line's end
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = MeasurementReader.parser(in)) {
            while (true) {
                Measurement m;
                long offset;
                try {
                    if (p.nextToken() == null) {
                        return count;
                    }
                    offset = p.currentTokenLocation().getByteOffset();
                    m = MeasurementReader.read(p, values);
                    end = p.currentLocation().getByteOffset();
                } catch (IOException | RuntimeException e) {
                    return tornTail(file, end, count, e);
                }
                sink.accept(m, offset);
                count++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    // a row that does not parse ends the journal when nothing but blanks follows its line (a torn
    // last line, a crash during a write); before another row, it is an error
    private static int tornTail(Path file, long after, int count, Exception e) {
        try {
            byte[] all = Files.readAllBytes(file);
            int start = count == 0 ? 0 : lineEnd(all, (int) after) + 1;
            while (start < all.length && Character.isWhitespace(all[start])) {
                start++;
            }
            int end = lineEnd(all, start);
            for (int i = end + 1; i < all.length; i++) {
                if (!Character.isWhitespace(all[i])) {
                    int line = 1;
                    for (int j = 0; j < start; j++) {
                        line += all[j] == '\n' ? 1 : 0;
                    }
                    throw new JournalException(file + ":" + line + ": error: not a measurement ("
                            + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                            + "); only the last line may be torn (a crash during a write)");
                }
            }
            return count;
        } catch (IOException io) {
            throw new UncheckedIOException("cannot read " + file, io);
        }
    }

    private static int lineEnd(byte[] all, int from) {
        int i = Math.max(0, from);
        while (i < all.length && all[i] != '\n') {
            i++;
        }
        return i;
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
