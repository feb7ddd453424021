package org.fsflow.parse;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The built-in capacity action's output: the device size ({@code blockdev --getsize64}, 0 for a
 * directory) on the first line, then {@code stat -f -c '%S %b %f %a %c %d'}: fundamental block
 * size, total blocks, free blocks, blocks available to users, total and free inodes. Gives the
 * figures of seed 002's capacity table, {@code usable_pct} being available space over device size.
 */
final class CapacityParser implements OutputParser {

    @Override
    public Map<String, Object> parse(String stdout, String stderr) throws Unparseable {
        String[] lines = stdout.strip().split("\n");
        if (lines.length < 2) {
            throw new Unparseable("expected the device size and a stat -f line, got: " + stdout.strip());
        }
        try {
            long device = Long.parseLong(lines[0].strip());
            String[] f = lines[lines.length - 1].strip().split("\\s+");
            long block = Long.parseLong(f[0]);
            long total = Long.parseLong(f[1]) * block;
            long free = Long.parseLong(f[2]) * block;
            long available = Long.parseLong(f[3]) * block;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("device_bytes", device);
            m.put("filesystem_bytes", total);
            m.put("free_bytes", free);
            m.put("available_bytes", available);
            m.put("usable_pct", device > 0 ? Math.round(10000.0 * available / device) / 100.0 : null);
            m.put("inodes", Long.parseLong(f[4]));
            m.put("inodes_free", Long.parseLong(f[5]));
            return m;
        } catch (RuntimeException e) {
            throw new Unparseable("unexpected capacity output: " + stdout.strip());
        }
    }
}
