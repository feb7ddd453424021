package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A snapshot of {@code /proc/diskstats}: per block device, sectors read and written (512 bytes
 * whatever the block size) and milliseconds spent doing I/O. Device-wide: every process's I/O
 * counts, and writeback deferred past the step lands in the next one unless the step syncs.
 */
public final class DiskStats {

    /** Counters of one device. */
    public record Counters(long sectorsRead, long sectorsWritten, long busyMillis) {}

    private final Map<String, Counters> byName;

    private DiskStats(Map<String, Counters> byName) {
        this.byName = byName;
    }

    /** Reads the current counters (empty when /proc/diskstats cannot be read). */
    public static DiskStats read() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/diskstats")));
        } catch (IOException e) {
            return new DiskStats(Map.of());
        }
    }

    static DiskStats parse(List<String> lines) {
        Map<String, Counters> m = new HashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 14) {
                continue;
            }
            // columns: major minor name, then f1..f17; f3 sectors read, f7 sectors written, f10 ms doing I/O
            m.put(f[2], new Counters(Long.parseLong(f[5]), Long.parseLong(f[9]), Long.parseLong(f[12])));
        }
        return new DiskStats(m);
    }

    /** The counters of device {@code name} (such as {@code loop3}), or null. */
    public Counters of(String name) {
        return byName.get(name);
    }

    /**
     * Bytes read, bytes written and busy milliseconds of {@code devices} (names such as loop3)
     * between {@code before} and this snapshot, summed.
     */
    public long[] since(DiskStats before, List<String> devices) {
        long read = 0;
        long written = 0;
        long busy = 0;
        for (String d : devices) {
            Counters a = before.of(d);
            Counters b = of(d);
            if (a == null || b == null) {
                continue;
            }
            read += (b.sectorsRead() - a.sectorsRead()) * 512;
            written += (b.sectorsWritten() - a.sectorsWritten()) * 512;
            busy += b.busyMillis() - a.busyMillis();
        }
        return new long[] {read, written, busy};
    }
}
