package org.fsflow.host;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The log files a step wrote straight into: each capped at {@link #CAP_BYTES} once the step has
 * ended (the first bytes kept, a note of how many were dropped), and the last lines of standard
 * error for failure messages.
 */
final class Logs {

    /** Largest log kept per stream and node. */
    static final long CAP_BYTES = 16L << 20;

    private static final int TAIL_BYTES = 4096;

    private Logs() {}

    /** Caps both logs and returns the last lines of {@code stderr} (at most 4 KiB), trimmed. */
    static String capAndTail(Path stdout, Path stderr) {
        String tail = "";
        try {
            tail = tail(stderr);
            cap(stdout);
            if (!stderr.toAbsolutePath().equals(stdout.toAbsolutePath())) {
                cap(stderr);
            }
        } catch (IOException e) {
            // a log that cannot be read or capped leaves the measurement intact
        }
        return tail;
    }

    static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, f.length() - TAIL_BYTES);
            byte[] b = new byte[(int) (f.length() - from)];
            f.seek(from);
            f.readFully(b);
            return new String(b, StandardCharsets.UTF_8).strip();
        }
    }

    static void cap(Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        long size = Files.size(file);
        if (size <= CAP_BYTES) {
            return;
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(CAP_BYTES);
            f.seek(CAP_BYTES);
            f.write(("\n[fsflow: log capped at " + CAP_BYTES + " bytes; " + (size - CAP_BYTES)
                            + " more bytes dropped]\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
    }
}
