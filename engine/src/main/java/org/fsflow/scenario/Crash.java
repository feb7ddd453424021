package org.fsflow.scenario;

import java.util.Map;
import org.fsflow.lang.Location;

/**
 * The {@code crash:} section: crash recovery measured as a benchmark. Each filesystem x workload
 * is one crash cell: the workload runs in a guest of {@code kernel} on a target wrapped in
 * dm-log-writes, the log is cut at every mark and at {@code points} barriers drawn from the
 * scenario's seed, each cut is replayed onto a fresh image and recovered (mount, check, repair
 * when the check fails), and each crash point becomes one result row.
 *
 * <pre>
 * crash:
 *   kernel: debian-6.1                  # a kernel of kernels: with dm-log-writes (required)
 *   filesystems: [ext4, xfs]            # names of filesystems: (required), with their options
 *   workloads:                          # name: shell text run in the mounted filesystem (required)
 *     spool: |                          #   durable PATH..., gone PATH..., mark NAME
 *       echo a > a; durable ./a; mark one
 *   points: 100                         # barriers drawn besides the marks (default 100)
 *   target: 384MiB                      # the logged device (default 384MiB: mkfs.xfs needs 300 MiB)
 *   log: 1GiB                           # the log device (default 1GiB)
 *   recovery:                           # per filesystem name or type: check and repair ($DEV)
 *     xfs: { check: xfs_repair -n $DEV, repair: xfs_repair -L $DEV }
 * </pre>
 *
 * @param kernel      {@code kernel:} the guests' kernel
 * @param filesystems {@code filesystems:} the filesystems' names, in order, each where it is written
 * @param workloads   {@code workloads:} name to shell text, in order
 * @param points      {@code points:} barriers drawn besides the marks
 * @param targetBytes {@code target:} the target device's size
 * @param logBytes    {@code log:} the log device's size
 * @param recovery    {@code recovery:} check and repair by filesystem name or type
 * @param where       where the section starts
 */
public record Crash(
        String kernel,
        Map<String, Location> filesystems,
        Map<String, String> workloads,
        int points,
        long targetBytes,
        long logBytes,
        Map<String, Tools> recovery,
        Location where) {

    /**
     * How a filesystem is checked and repaired after a crash; {@code $DEV} stands for its device.
     *
     * @param check  a read-only check, exit status 0 when it found nothing
     * @param repair the repair, run only when the check failed
     * @param where  where it is written (null for a default)
     */
    public record Tools(String check, String repair, Location where) {}

    /** The default of {@code points:}. */
    public static final int POINTS = 100;
    /** The default of {@code target:}. */
    public static final long TARGET_BYTES = 384L << 20;
    /** The default of {@code log:}. */
    public static final long LOG_BYTES = 1L << 30;

    /** The smallest target each type's mkfs accepts (checked with this machine's mkfs), when above 64 MiB. */
    public static final Map<String, Long> MIN_TARGET = Map.of("xfs", 300L << 20, "btrfs", 128L << 20);

    /** The filesystem types crash cells know how to check and repair, with their defaults. */
    public static final Map<String, Tools> DEFAULTS = Map.of(
            "ext2", new Tools("fsck.ext2 -fn $DEV", "fsck.ext2 -fy $DEV", null),
            "ext3", new Tools("fsck.ext3 -fn $DEV", "fsck.ext3 -fy $DEV", null),
            "ext4", new Tools("fsck.ext4 -fn $DEV", "fsck.ext4 -fy $DEV", null),
            "xfs", new Tools("xfs_repair -n $DEV", "xfs_repair $DEV", null),
            "btrfs", new Tools("btrfs check --readonly $DEV", "btrfs check --repair --force $DEV", null),
            "reiserfs", new Tools("reiserfsck --check --yes $DEV", "reiserfsck --fix-fixable --yes $DEV", null),
            "jfs", new Tools("jfs_fsck -n -f $DEV", "jfs_fsck -a -f $DEV", null));

    /** The check and repair of filesystem {@code name} of type {@code type}: its own, its type's, the default. */
    public Tools tools(String name, String type) {
        Tools own = recovery.get(name);
        if (own == null) {
            own = recovery.get(type);
        }
        Tools d = DEFAULTS.get(type);
        if (own == null) {
            return d;
        }
        return new Tools(
                own.check() != null ? own.check() : d == null ? null : d.check(),
                own.repair() != null ? own.repair() : d == null ? null : d.repair(),
                own.where());
    }
}
