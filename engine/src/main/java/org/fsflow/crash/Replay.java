package org.fsflow.crash;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A write log replayed onto an image, entry by entry and forward only, so that successive crash
 * points cost one pass over the log in all: replay to a point, copy the image for the checks,
 * replay on to the next. A write puts its data at its sector; a discard zeroes its range (what
 * the replay must assume of a device whose discarded blocks read back as zeroes); flushes and
 * marks change nothing on the image. The image is the state of the device when logging began
 * (for a log that starts with the workload's mkfs: zeroes).
 */
public final class Replay implements AutoCloseable {

    private static final int CHUNK = 1 << 20;

    private final WriteLog log;
    private final FileChannel from;
    private final FileChannel to;
    private int next;
    private long bytes;

    /** Opens {@code image} (read-write) to replay {@code log} onto it from its first entry. */
    public Replay(WriteLog log, Path image) throws IOException {
        this.log = log;
        this.from = FileChannel.open(log.file(), StandardOpenOption.READ);
        try {
            this.to = FileChannel.open(image, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            from.close();
            throw e;
        }
    }

    /**
     * Applies every entry up to and including {@code index} not applied yet, then forces the
     * image to disk.
     *
     * @throws IllegalArgumentException when {@code index} is behind what was already replayed
     */
    public void to(int index) throws IOException {
        if (index < next - 1 || index >= log.entries().size()) {
            throw new IllegalArgumentException("cannot replay to entry " + index + ": the replay is at " + (next - 1)
                    + " of " + log.entries().size());
        }
        int sectorSize = log.superBlock().sectorSize();
        ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK);
        for (; next <= index; next++) {
            WriteLog.Entry e = log.entries().get(next);
            long at = e.sector() * sectorSize;
            long length = e.sectors() * sectorSize;
            if (e.isWrite()) {
                copy(e.data(), at, length, buf);
            } else if (e.isDiscard()) {
                zero(at, length, buf);
            }
            bytes += e.isWrite() || e.isDiscard() ? length : 0;
        }
        to.force(false);
    }

    private void copy(long src, long dst, long length, ByteBuffer buf) throws IOException {
        for (long done = 0; done < length; ) {
            buf.clear().limit((int) Math.min(CHUNK, length - done));
            while (buf.hasRemaining()) {
                if (from.read(buf, src + done + buf.position()) < 0) {
                    throw new IOException(log.file() + " ends inside the data of an entry");
                }
            }
            buf.flip();
            while (buf.hasRemaining()) {
                done += to.write(buf, dst + done);
            }
        }
    }

    private void zero(long dst, long length, ByteBuffer buf) throws IOException {
        for (long done = 0; done < length; ) {
            buf.clear();
            while (buf.hasRemaining()) {
                buf.put((byte) 0);
            }
            buf.flip().limit((int) Math.min(CHUNK, length - done));
            while (buf.hasRemaining()) {
                done += to.write(buf, dst + done);
            }
        }
    }

    /** The index of the last entry applied, -1 before the first. */
    public int at() {
        return next - 1;
    }

    /** The bytes written and zeroed on the image so far. */
    public long bytes() {
        return bytes;
    }

    @Override
    public void close() throws IOException {
        try (from) {
            to.close();
        }
    }
}
