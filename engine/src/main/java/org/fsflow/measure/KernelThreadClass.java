package org.fsflow.measure;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a kernel thread works for, from its name: the writeback and the generic workqueue workers,
 * a filesystem's own threads (with the device they serve when the name says it), the loop devices'
 * workers, memory reclaim, or other (softirqs, RCU, migration ...). A workqueue worker
 * ({@code kworker/u8:3-btrfs-delalloc}) is classed by the workqueue it ran last, which /proc
 * shows after its name ('+' while it runs a work item, '-' after).
 *
 * @param name   the class: one of {@link #NAMES}
 * @param device the block device the thread serves ({@code loop3} of {@code jbd2/loop3-8},
 *               {@code xfsaild/loop3}, a {@code loop3} worker), or null when its name does not say
 */
public record KernelThreadClass(String name, String device) {

    /** Writeback and workqueue workers of no filesystem (kworker/*, writeback, flush-*). */
    public static final String WRITEBACK = "writeback";
    /** Memory reclaim and compaction (kswapd*, kcompactd*). */
    public static final String RECLAIM = "reclaim";
    /** Every other kernel thread (softirqs, RCU, migration, watchdogs ...). */
    public static final String OTHER = "other";
    /** The loop devices' workers (the old loopN threads, the loopN workqueue). */
    public static final String LOOP = "loop";

    /** The classes, in the order results and reports list them: writeback first, other last. */
    public static final List<String> NAMES =
            List.of(WRITEBACK, "ext4", "xfs", "btrfs", "zfs", "jfs", "reiserfs", LOOP, RECLAIM, OTHER);

    /** The filesystems' own threads: the class and the pattern of the name (group 1: the device). */
    private static final List<Object[]> FILESYSTEMS = List.of(
            new Object[] {"ext4", Pattern.compile("jbd2/(.+)-\\d+|ext4.*")},
            new Object[] {"xfs", Pattern.compile("xfs[a-z_-]*/(.+)|xfs.*")},
            new Object[] {"btrfs", Pattern.compile("btrfs.*")},
            new Object[] {"zfs", Pattern.compile("(?:z_|zfs|txg_|spl_|arc_|dbu_|dbuf_|l2arc|zvol|zthr).*")},
            new Object[] {"jfs", Pattern.compile("jfs(?:IO|Commit|Sync).*")},
            new Object[] {"reiserfs", Pattern.compile("reiserfs/(.+)|reiserfs.*")},
            new Object[] {LOOP, Pattern.compile("(loop\\d+)")});

    private static final Pattern WORKER = Pattern.compile("kworker/[^-+]*(?:[-+](.*))?");

    /** The class of the kernel thread named {@code comm}. */
    public static KernelThreadClass of(String comm) {
        Matcher worker = WORKER.matcher(comm);
        if (worker.matches()) {
            KernelThreadClass fs = worker.group(1) == null ? null : filesystem(worker.group(1));
            return fs != null ? fs : new KernelThreadClass(WRITEBACK, null);
        }
        KernelThreadClass fs = filesystem(comm);
        if (fs != null) {
            return fs;
        }
        if (comm.equals("writeback") || comm.startsWith("flush-")) {
            return new KernelThreadClass(WRITEBACK, null);
        }
        if (comm.startsWith("kswapd") || comm.startsWith("kcompactd")) {
            return new KernelThreadClass(RECLAIM, null);
        }
        return new KernelThreadClass(OTHER, null);
    }

    // a filesystem's or loop device's thread or workqueue, or null
    private static KernelThreadClass filesystem(String name) {
        for (Object[] fs : FILESYSTEMS) {
            Matcher m = ((Pattern) fs[1]).matcher(name);
            if (m.matches()) {
                return new KernelThreadClass((String) fs[0], m.groupCount() > 0 ? m.group(1) : null);
            }
        }
        return null;
    }

    /** True for a filesystem's own class (ext4, xfs, btrfs, zfs, jfs, reiserfs) or the loop devices'. */
    public boolean filesystemWork() {
        return !name.equals(WRITEBACK) && !name.equals(RECLAIM) && !name.equals(OTHER);
    }
}
