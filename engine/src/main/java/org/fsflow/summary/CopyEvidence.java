package org.fsflow.summary;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.plan.Cell;
import org.fsflow.result.Moments;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;

/**
 * What the results say about one write step's bytes, for the rules that name the cause of a copy
 * or write that did not move its data: the data it names, what it read and wrote through the
 * devices, whether it flushed and ran under a memory budget, and whether it could be a clone.
 *
 * @param where       {@code cell/step} as the warnings name it
 * @param command     the command as run
 * @param named       bytes of the datasets the command names (0: none)
 * @param read        mean bytes read from the devices
 * @param writtenMin  the least bytes written by one repetition
 * @param writtenMax  the most
 * @param flushed     every repetition was flushed ({@code flush: true}: {@code flush_s} recorded)
 * @param budget      every repetition ran under a memory budget
 * @param fsType      the filesystem type of the cell, as its mkfs ran ("" when unknown)
 * @param cloneable   a {@code cp} without {@code --reflink=never} within one filesystem that can
 *                    clone (xfs, btrfs, bcachefs), or with {@code --reflink=always|auto}
 * @param sharedFraction the mean share of its files' data in shared extents, where the extents
 *                    were examined ({@code shared_extents}), else null
 */
record CopyEvidence(
        String where,
        String command,
        long named,
        double read,
        long writtenMin,
        long writtenMax,
        boolean flushed,
        boolean budget,
        String fsType,
        boolean cloneable,
        Double sharedFraction) {

    /** Filesystem types where {@code cp} (coreutils 9 and later) clones by default. */
    static final List<String> CLONING = List.of("xfs", "btrfs", "bcachefs");
    /** Below this share of the named data, a copy did not move its bytes. */
    static final double FAR_FEWER = 0.25;
    /** Below this, a step wrote nothing worth the name (a journal commit, metadata). */
    static final long NOTHING_BYTES = 1L << 20;

    private static final Pattern MKFS = Pattern.compile("(?:^|\\s|/)mkfs\\.(\\w+)|(?:^|\\s|/)mkfs\\s+-t\\s+(\\w+)");
    private static final Pattern ZPOOL = Pattern.compile("(?:^|\\s|/)zpool\\s+create\\b");
    private static final Pattern MOUNT_POINT = Pattern.compile("(?:^|\\s|/)mount\\s.*\\s(/\\S+)\\s*$");
    private static final Pattern CP = Pattern.compile("^(\\S*/)?cp\\s.*");
    private static final Pattern NO_REFLINK = Pattern.compile("--reflink=never\\b");
    private static final Pattern ALWAYS_REFLINK = Pattern.compile("--reflink(=always|=auto)?(\\s|$)");

    /** The evidence of a write step's series, or null for a step that writes no file or names no data. */
    static CopyEvidence of(Series s, ResultSet results, RunEnvironment env) {
        String command = CopiedData.command(s);
        int ok = s.counted();
        if (!CopiedData.writes(command) || ok == 0) {
            return null;
        }
        long named = CopiedData.namedBytes(s, command, env);
        Moments written = s.moments("write_bytes");
        if (written.n() < ok) {
            return null;
        }
        Moments reads = s.moments("read_bytes");
        double read = reads.n() == 0 ? 0 : reads.mean();
        Cell cell = s.key().cell();
        String type = fsType(results, cell);
        String mount = mountPoint(results, cell);
        return new CopyEvidence(
                cell.id().isEmpty() ? s.key().step() : cell.id() + "/" + s.key().step(),
                command,
                named,
                read,
                (long) written.min(),
                (long) written.max(),
                s.moments("flush_s").n() == ok,
                s.moments("memory_budget_bytes").n() == ok,
                type,
                cloneable(command, type, mount),
                s.moments("shared_extent_fraction").n() > 0
                        ? s.moments("shared_extent_fraction").mean()
                        : null);
    }

    /** True when {@code command} is a cp that may clone on a filesystem of {@code type} mounted at {@code mount}. */
    static boolean cloneable(String command, String type, String mount) {
        if (!CP.matcher(command).matches() || NO_REFLINK.matcher(command).find()) {
            return false;
        }
        if (ALWAYS_REFLINK.matcher(command).find()) {
            return true;
        }
        if (!CLONING.contains(type)) {
            return false;
        }
        // a clone needs source and destination on one filesystem: every path argument in the mount
        if (mount == null) {
            return true;
        }
        List<String> paths = List.of(command.strip().split("\\s+")).stream()
                .skip(1)
                .map(a -> a.replace("'", "").replace("\"", ""))
                .filter(a -> a.startsWith("/"))
                .toList();
        return !paths.isEmpty() && paths.stream().allMatch(p -> p.equals(mount) || p.startsWith(mount + "/"));
    }

    /** The filesystem type of {@code cell}, read from its mkfs command as run; "" when none ran. */
    static String fsType(ResultSet results, Cell cell) {
        for (String command : commands(results, cell)) {
            Matcher mkfs = MKFS.matcher(command);
            if (mkfs.find()) {
                return (mkfs.group(1) != null ? mkfs.group(1) : mkfs.group(2)).toLowerCase(Locale.ROOT);
            }
            if (ZPOOL.matcher(command).find()) {
                return "zfs";
            }
        }
        return "";
    }

    /** Where the cell's filesystem was mounted, read from its mount command; null when none ran. */
    static String mountPoint(ResultSet results, Cell cell) {
        for (String command : commands(results, cell)) {
            Matcher at = MOUNT_POINT.matcher(command.strip());
            if (at.find()) {
                return at.group(1);
            }
        }
        return null;
    }

    // the commands of the cell's rows, or of another cell's on the same filesystem (a mkfs shared by datasets)
    private static List<String> commands(ResultSet results, Cell cell) {
        List<String> out = new java.util.ArrayList<>();
        for (Series s : results.series()) {
            Cell other = s.key().cell();
            if (other.equals(cell)
                    || cell.filesystem() != null && cell.filesystem().equals(other.filesystem())) {
                s.facts().commands().stream().filter(Objects::nonNull).forEach(out::add);
            }
        }
        return out;
    }

    /** A copy that read and wrote far fewer bytes than it names. */
    boolean movedFarFewer() {
        return named > 0 && read < FAR_FEWER * named && writtenMax < FAR_FEWER * named;
    }

    /**
     * A clone: most of its files' data in shared extents where they were examined, else a copy that
     * may clone and moved far fewer bytes than it names.
     */
    boolean cloned() {
        return sharedFraction != null ? sharedFraction >= 0.5 : cloneable && movedFarFewer();
    }

    /** Every repetition wrote next to nothing (under 1 MiB, or 1 % of the data named). */
    boolean wroteNothing() {
        return writtenMax < Math.max(NOTHING_BYTES, named / 100);
    }

    /**
     * The data a write step of series {@code s} (this evidence's) had to write: the datasets its
     * command names, else the least its processes dirtied for storage in one repetition (a copy
     * within the filesystem names no dataset), when that is at least 1 MiB; else 0.
     */
    long data(Series s) {
        if (named > 0) {
            return named;
        }
        org.fsflow.result.Moments dirtied = s.moments("storage_write_bytes");
        return dirtied.n() == 0 || dirtied.min() < NOTHING_BYTES ? 0 : (long) dirtied.min();
    }

    /** The written figure: one value, or the range over the repetitions. */
    String writtenText() {
        return writtenMin == writtenMax
                ? Numbers.bytes((double) writtenMin)
                : Numbers.bytes((double) writtenMin) + "–" + Numbers.bytes((double) writtenMax);
    }
}
