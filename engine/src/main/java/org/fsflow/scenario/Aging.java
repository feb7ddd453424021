package org.fsflow.scenario;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;

/**
 * {@code aging:} how the cells of the matrix axis {@code age} whose value is {@code aged} age their
 * filesystem before they are measured: a single-threaded, seeded sequence of file operations that
 * first fills the filesystem to {@code fullness}, then churns it (creates, deletes, appends,
 * overwrites, renames drawn by weight, the fullness held) until {@code rounds} times its capacity
 * was written. The aged image is made once per cell and every repetition starts from a copy of it.
 *
 * <pre>
 * aging:
 *   fullness: 80%            # the share of the filesystem's size the live files take (required)
 *   rounds: 2                # the capacity written over this many times after the fill (required)
 *   mix: { create: 4, delete: 3, append: 1, overwrite: 1, rename: 1 }   # weights (this default)
 *   size: { median: 16KiB, sigma: 1.5, tail: 3%, alpha: 1.3, max: 64MiB }  # any dataset size
 *   dirs: 16                 # the directories the files are spread over
 *   cpu: 0                   # the CPU the ager runs on (ext4's allocator keeps per-CPU state)
 *   seed: 7                  # default: the scenario's seed
 *   device: target           # the loop device that is aged
 * </pre>
 *
 * @param device   {@code device:} the device aged (a loop device; default {@code target})
 * @param fullness {@code fullness:} the live files' share of the filesystem's size, in (0, 0.95]
 * @param rounds   {@code rounds:} bytes written after the fill, in multiples of the filesystem's size
 * @param mix      {@code mix:} the weight of each operation (every one present, 0 for none)
 * @param size     {@code size:} the size of a created file, of an append and of an overwrite
 * @param dirs     {@code dirs:} the number of directories the files are spread over
 * @param cpu      {@code cpu:} the CPU the ager's thread is pinned to
 * @param seed     {@code seed:}, or null for the scenario's
 * @param where    where {@code aging:} is written
 */
public record Aging(
        String device,
        double fullness,
        double rounds,
        Map<Op, Double> mix,
        Dataset.SizeSpec size,
        int dirs,
        int cpu,
        Long seed,
        Location where) {

    /** The matrix axis that says whether a cell is aged. */
    public static final String AXIS = "age";
    /** The axis value of a cell measured on a freshly made filesystem. */
    public static final String FRESH = "fresh";
    /** The axis value of a cell measured on the aged filesystem. */
    public static final String AGED = "aged";
    /** The filesystem types the ager knows how to fix the UUID of and measure. */
    public static final List<String> TYPES = List.of("ext2", "ext3", "ext4", "xfs", "btrfs");

    /** The operations of the mix, in the order their weights are drawn. */
    public enum Op {
        /** a new file of a drawn size */
        CREATE,
        /** a live file removed */
        DELETE,
        /** a drawn number of bytes added at the end of a live file */
        APPEND,
        /** a drawn number of bytes rewritten in place at a drawn offset of a live file */
        OVERWRITE,
        /** a live file moved to a drawn directory under a new name */
        RENAME;

        /** The YAML key. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** True when a cell with these coordinates is aged. */
    public static boolean aged(Map<String, String> coordinates) {
        return AGED.equals(coordinates.get(AXIS));
    }

    /** The seed of the aging: its own, else the scenario's, else 0. */
    public long seedOf(Scenario s) {
        return seed != null ? seed : s.seed() != null ? s.seed() : Defaults.DATASET_SEED;
    }
}
