package org.fsflow.parse;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Free-space fragmentation, read from the filesystem's own tool: {@code e2freefrag DEV} (ext2/3/4)
 * or {@code xfs_db -r -c 'sb 0' -c 'p blocksize' -c 'freesp -s' DEV} (xfs). Both print a histogram
 * of free extents in power-of-two size classes, so the share of free space in extents under 1 MiB
 * is exact in both.
 *
 * @param extents    the number of free extents
 * @param freeBytes  the free bytes in them
 * @param smallBytes the free bytes in extents smaller than 1 MiB
 */
public record FreeSpace(long extents, long freeBytes, long smallBytes) {

    private static final long MIB = 1 << 20;
    private static final Pattern E2_ROW =
            Pattern.compile("^\\s*(\\d+)([KMGT])\\.\\.\\.\\s*\\d+[KMGT]-\\s*:\\s*(\\d+)\\s+(\\d+)\\s+[\\d.]+%$");
    private static final Pattern XFS_ROW = Pattern.compile("^\\s*(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+[\\d.]+$");

    /** The mean free extent in bytes (0 without free space). */
    public double meanExtentBytes() {
        return extents == 0 ? 0 : (double) freeBytes / extents;
    }

    /** The share of free space in extents under 1 MiB, in percent. */
    public double smallPct() {
        return freeBytes == 0 ? 0 : 100.0 * smallBytes / freeBytes;
    }

    /** Reads e2freefrag's output; throws {@link OutputParser.Unparseable} when it is not that. */
    public static FreeSpace e2freefrag(String out) throws OutputParser.Unparseable {
        long block = number(out, "(?m)^Blocksize: (\\d+) bytes$", "Blocksize");
        long free = number(out, "(?m)^Free blocks: (\\d+)", "Free blocks");
        long extents = number(out, "(?m)^Num\\. free extent: (\\d+)", "Num. free extent");
        long small = 0;
        for (String line : out.split("\n")) {
            Matcher m = E2_ROW.matcher(line);
            if (m.matches() && kib(Long.parseLong(m.group(1)), m.group(2)) * 1024 < MIB) {
                small += Long.parseLong(m.group(4)) * block;
            }
        }
        return new FreeSpace(extents, free * block, small);
    }

    /** Reads xfs_db's {@code p blocksize} and {@code freesp -s}. */
    public static FreeSpace xfsFreesp(String out) throws OutputParser.Unparseable {
        long block = number(out, "(?m)^blocksize = (\\d+)$", "blocksize");
        long extents = number(out, "(?m)^total free extents (\\d+)$", "total free extents");
        long free = number(out, "(?m)^total free blocks (\\d+)$", "total free blocks");
        long small = 0;
        for (String line : out.split("\n")) {
            Matcher m = XFS_ROW.matcher(line);
            if (m.matches() && Long.parseLong(m.group(1)) * block < MIB) {
                small += Long.parseLong(m.group(4)) * block;
            }
        }
        return new FreeSpace(extents, free * block, small);
    }

    private static long kib(long n, String unit) {
        return switch (unit) {
            case "K" -> n;
            case "M" -> n << 10;
            case "G" -> n << 20;
            default -> n << 30;
        };
    }

    private static long number(String out, String regex, String what) throws OutputParser.Unparseable {
        Matcher m = Pattern.compile(regex).matcher(out);
        if (!m.find()) {
            throw new OutputParser.Unparseable("no '" + what + "' line");
        }
        return Long.parseLong(m.group(1));
    }
}
