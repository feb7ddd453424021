package org.fsflow.result;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

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

    private byte[] buf = new byte[1 << 20];
    private int start;
    private int end;
    private long base;

    private JournalReader() {}

    /** Hands every complete measurement of {@code file} to {@code sink}; returns how many (0 without a file). */
    public static int scan(Path file, Sink sink) {
        if (!Files.exists(file)) {
            return 0;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return new JournalReader().lines(file, in, sink);
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

    private int lines(Path file, InputStream in, Sink sink) throws IOException {
        int count = 0;
        int line = 0;
        boolean eof = false;
        while (true) {
            int nl = indexOf('\n');
            if (nl < 0 && !eof) {
                eof = fill(in);
                continue;
            }
            int stop = nl < 0 ? end : nl;
            if (stop == start && nl < 0) {
                return count;
            }
            line++;
            if (!blank(start, stop)) {
                Measurement m = parse(file, in, line, stop, nl < 0 || eof && nl == end - 1);
                if (m == null) {
                    return count;
                }
                sink.accept(m, base + start);
                count++;
            }
            start = nl < 0 ? end : nl + 1;
        }
    }

    // null for a torn last line; a bad line with anything after it is an error
    private Measurement parse(Path file, InputStream in, int line, int stop, boolean last) throws IOException {
        try {
            return MeasurementReader.read(buf, start, stop - start);
        } catch (IOException | RuntimeException e) {
            if (last || restIsBlank(in, stop)) {
                return null;
            }
            throw new JournalException(file + ":" + line + ": error: not a measurement ("
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + "); only the last line "
                    + "may be torn (a crash during a write)");
        }
    }

    private boolean restIsBlank(InputStream in, int stop) throws IOException {
        if (!blank(stop, end)) {
            return false;
        }
        byte[] rest = in.readAllBytes();
        for (byte b : rest) {
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    private boolean blank(int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(buf[i])) {
                return false;
            }
        }
        return true;
    }

    private int indexOf(int b) {
        for (int i = start; i < end; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    // moves the unread part to the front (growing the buffer for a line longer than it) and reads more
    private boolean fill(InputStream in) throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            base += start;
            end -= start;
            start = 0;
        } else if (end == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) {
            return true;
        }
        end += n;
        return false;
    }
}
