package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The page cache's data not yet on its devices, from {@code /proc/meminfo}: {@code Dirty}
 * (written, not yet under writeback) and {@code Writeback} (being written back), host-wide, in
 * bytes. Read when a step ends, it is what the step may have left for writeback after it.
 *
 * @param dirtyBytes     Dirty
 * @param writebackBytes Writeback
 */
public record DirtyMemory(long dirtyBytes, long writebackBytes) {

    /** Reads them now, or null when /proc/meminfo cannot be read. */
    public static DirtyMemory read() {
        try {
            return parse(Files.readString(Path.of("/proc/meminfo")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static DirtyMemory parse(String meminfo) {
        long dirty = -1;
        long writeback = -1;
        for (String line : meminfo.split("\n")) {
            if (line.startsWith("Dirty:")) {
                dirty = kib(line);
            } else if (line.startsWith("Writeback:")) {
                writeback = kib(line);
            }
        }
        if (dirty < 0 || writeback < 0) {
            throw new IllegalArgumentException("no Dirty or Writeback line");
        }
        return new DirtyMemory(dirty, writeback);
    }

    /** Both, in bytes. */
    public long bytes() {
        return dirtyBytes + writebackBytes;
    }

    private static long kib(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim().split("\\s+")[0]) * 1024;
    }
}
