package org.fsflow.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The crash-safe results file: each measurement is appended as one JSON line and forced to disk
 * (fsync) before the next node starts, so a crash loses at most the node that was running. A
 * torn last line (a crash during the write) is dropped when the journal is reopened.
 */
public final class Journal implements AutoCloseable {

    /** The file name inside an output directory. */
    public static final String FILE = "results.jsonl";

    private final FileChannel channel;
    private final Path file;
    private final boolean force;

    private Journal(FileChannel channel, Path file, boolean force) {
        this.channel = channel;
        this.file = file;
        this.force = force;
    }

    /** Opens {@code file} for appending, first cutting a torn last line if there is one. */
    public static Journal open(Path file) {
        return open(file, true);
    }

    /**
     * As {@link #open(Path)}, but each append is only written (readers see it at once; a kill of
     * fsflow loses nothing, a crash of the machine may lose the last lines) and the file is forced to
     * disk when closed: for {@code timeline.jsonl}, whose rows are written from a guest's console
     * reader, where an fsync a row held the guest up.
     */
    public static Journal openWritten(Path file) {
        return open(file, false);
    }

    private static Journal open(Path file, boolean force) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            FileChannel ch = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            ch.truncate(completeLength(ch));
            ch.position(ch.size());
            return new Journal(ch, file, force);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    // length up to and including the last newline: anything after it is a torn write
    private static long completeLength(FileChannel ch) throws IOException {
        long size = ch.size();
        ByteBuffer one = ByteBuffer.allocate(1);
        for (long pos = size - 1; pos >= 0; pos--) {
            one.clear();
            ch.read(one, pos);
            if (one.get(0) == '\n') {
                return pos + 1;
            }
        }
        return 0;
    }

    /** Appends one measurement and forces it to disk. */
    public synchronized void append(Measurement m) {
        appendAll(List.of(m));
    }

    /** Appends one row of another journal of the run ({@link TimelineRow} to {@link Timeline#FILE}) and forces it to disk. */
    public synchronized void appendRow(Object row) {
        appendAll(List.of(row));
    }

    /**
     * Appends measurements in one write and forces them to disk: the rows of a crash cell, which
     * count only together (a kill can still tear them; {@code resume} then cuts the partial batch).
     */
    public synchronized void appendAll(List<?> rows) {
        long end = -1;
        try {
            end = channel.position();
            java.io.ByteArrayOutputStream lines = new java.io.ByteArrayOutputStream();
            for (Object m : rows) {
                lines.write(Json.MAPPER.writeValueAsBytes(m));
                lines.write('\n');
            }
            ByteBuffer buf = ByteBuffer.wrap(lines.toByteArray());
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            if (force) {
                channel.force(false);
            }
        } catch (IOException e) {
            cut(end);
            throw new UncheckedIOException("cannot append to " + file.getFileName(), e);
        }
    }

    // a failed append (a full disk) leaves no torn line behind: the journal ends at its last complete one
    private void cut(long end) {
        try {
            if (end >= 0) {
                channel.truncate(end);
                channel.position(end);
                channel.force(false);
            }
        } catch (IOException e) {
            // then the torn line is cut when the journal is opened again
        }
    }

    /** Reads every complete measurement of {@code file} (a torn last line is ignored), into memory. */
    public static List<Measurement> read(Path file) {
        List<Measurement> out = new ArrayList<>();
        JournalReader.scan(file, (m, offset) -> out.add(m));
        return out;
    }

    @Override
    public void close() {
        try {
            if (!force && channel.isOpen()) {
                channel.force(false);
            }
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
