package org.fsflow.run;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A log file that keeps the first {@link #CAP_BYTES} bytes of a stream and notes how much was
 * dropped, and remembers the last few kilobytes for failure messages.
 */
final class CappedLog extends OutputStream {

    /** Largest log kept per stream and node. */
    static final long CAP_BYTES = 16L << 20;
    private static final int TAIL_BYTES = 4096;

    private final OutputStream file;
    private final byte[] tail = new byte[TAIL_BYTES];
    private long written;
    private int tailStart;
    private int tailLength;

    CappedLog(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        this.file = new java.io.BufferedOutputStream(Files.newOutputStream(path), 64 * 1024);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        long room = CAP_BYTES - written;
        if (room > 0) {
            file.write(b, off, (int) Math.min(room, len));
        }
        written += len;
        for (int i = off; i < off + len; i++) {
            tail[(tailStart + tailLength) % TAIL_BYTES] = b[i];
            if (tailLength < TAIL_BYTES) {
                tailLength++;
            } else {
                tailStart = (tailStart + 1) % TAIL_BYTES;
            }
        }
    }

    /** The last lines written (at most 4 KiB), trimmed. */
    synchronized String tail() {
        byte[] out = new byte[tailLength];
        for (int i = 0; i < tailLength; i++) {
            out[i] = tail[(tailStart + i) % TAIL_BYTES];
        }
        return new String(out, StandardCharsets.UTF_8).strip();
    }

    @Override
    public synchronized void close() throws IOException {
        if (written > CAP_BYTES) {
            file.write(("\n[fsflow: log capped at " + CAP_BYTES + " bytes; " + (written - CAP_BYTES)
                    + " more bytes dropped]\n").getBytes(StandardCharsets.UTF_8));
        }
        file.close();
    }
}
