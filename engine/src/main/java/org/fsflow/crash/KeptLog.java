package org.fsflow.crash;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.fsflow.safety.AtomicFile;

/**
 * A write log kept beside a run's results, so that a crash point that broke a promise can be
 * replayed later ({@code fsflow crash-replay}): the log cut after its last entry (the log device is
 * sparse and mostly unused), gzip-compressed, written under a temporary name and renamed into place.
 */
public final class KeptLog {

    private KeptLog() {}

    /** Keeps {@code log} as {@code to} (a {@code .gz} file); returns {@code to}. */
    public static Path keep(WriteLog log, Path to) throws IOException {
        long end = end(log);
        Files.createDirectories(to.toAbsolutePath().getParent());
        AtomicFile.write(to, ch -> {
            // the channel stays open: AtomicFile forces and closes it
            OutputStream out = new GZIPOutputStream(Channels.newOutputStream(ch), 1 << 16);
            try (InputStream in = Files.newInputStream(log.file())) {
                byte[] buf = new byte[1 << 16];
                for (long left = end; left > 0; ) {
                    int n = in.read(buf, 0, (int) Math.min(buf.length, left));
                    if (n < 0) {
                        break;
                    }
                    out.write(buf, 0, n);
                    left -= n;
                }
                out.flush();
            }
            ((GZIPOutputStream) out).finish();
            out.flush();
        });
        return to;
    }

    // the byte after the last entry (its header sector, and its data for a write)
    static long end(WriteLog log) {
        int sector = log.superBlock().sectorSize();
        if (log.entries().isEmpty()) {
            return sector;
        }
        WriteLog.Entry last = log.entries().get(log.entries().size() - 1);
        return last.data() + (last.isWrite() ? last.sectors() * sector : 0);
    }

    /** The log in {@code file} as a plain file: itself, or a {@code .gz} one unpacked into {@code dir}. */
    public static Path plain(Path file, Path dir) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            return file;
        }
        Path out = Files.createTempFile(dir, "fsflow-crash-log-", ".log");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(out);
            throw e;
        }
        return out;
    }
}
