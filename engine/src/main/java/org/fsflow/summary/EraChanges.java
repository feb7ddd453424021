package org.fsflow.summary;

import java.util.List;
import java.util.Set;
import org.fsflow.scenario.Finding;
import org.fsflow.scenario.SourceSection;

/**
 * The kernel and tool changes that make a source's behaviour era-bound: a finding of a source
 * older than a change, about a filesystem and a step (or bonnie++ test) the change touched, is
 * classed {@link FindingClass#ERA_BOUND} with the change as its citation. A source is older when
 * its {@code conditions: kernel:} names a version below the change's, or, without one, when the
 * first year in its title is before the change's release.
 */
final class EraChanges {

    /**
     * One change.
     *
     * @param filesystem the filesystem type whose side it touches (a side named {@code ext3} or {@code ext3-vm})
     * @param steps      steps it touches: a step named so, or starting with one of these and '-'
     * @param metrics    bonnie++ metrics it touches (by prefix), whatever the step
     * @param kernel     the first kernel version with the change, {major, minor, patch}
     * @param year       the year it was released
     * @param citation   what changed, with where it is documented
     */
    record Change(String filesystem, Set<String> steps, List<String> metrics, int[] kernel, int year, String citation) {

        boolean touches(Finding f) {
            boolean side = named(f.numerator()) || named(f.denominator()) || named(f.filesystem());
            String step = f.step() == null ? "" : f.step();
            boolean stepped = steps.stream().anyMatch(s -> step.equals(s) || step.startsWith(s + "-"));
            String metric = f.metric() == null ? "" : f.metric();
            return side && (stepped || metrics.stream().anyMatch(metric::startsWith));
        }

        private boolean named(String side) {
            return side != null && (side.equals(filesystem) || side.startsWith(filesystem + "-"));
        }
    }

    /** Every change known, in the order they are checked. */
    static final List<Change> TABLE = List.of(
            new Change(
                    "xfs",
                    Set.of("delete", "rm", "remove"),
                    List.of("seq_create", "seq_del", "ran_create", "ran_del"),
                    new int[] {2, 6, 39},
                    2011,
                    "XFS delayed logging (delaylog: experimental in Linux 2.6.35, the default since 2.6.39) "
                            + "aggregates metadata changes in memory instead of logging each one: the source's "
                            + "XFS logged every unlink and create (Documentation/filesystems/xfs-delayed-logging-design)"),
            new Change(
                    "ext3",
                    Set.of("mkfs"),
                    List.of(),
                    new int[] {2, 6, 37},
                    2010,
                    "mke2fs no longer writes every inode table at mkfs time where it can avoid it (lazy_itable_init "
                            + "with the kernel's ext4lazyinit thread since 2.6.37, e2fsprogs 1.41.12; no zeroing after "
                            + "a discard that zeroes, e2fsprogs 1.42): the source's mkfs.ext3 wrote them all"),
            new Change(
                    "ext3",
                    Set.of("mount", "umount"),
                    List.of(),
                    new int[] {4, 3, 0},
                    2015,
                    "the ext3 driver left Linux in 4.3: ext3 is mounted by the ext4 code (jbd2, its own "
                            + "mount and unmount paths), so the source's ext3 mount and umount times are not ext3's "
                            + "today (Linux 4.3, \"fs: Remove ext3 filesystem driver\"; CONFIG_EXT4_USE_FOR_EXT2)"));

    private EraChanges() {}

    /** The first change of the table that makes {@code f} of {@code source} era-bound, or null. */
    static Change of(Finding f, SourceSection source) {
        int[] kernel = SourceEra.kernel(source);
        int year = SourceEra.year(source);
        for (Change c : TABLE) {
            boolean older = kernel != null ? SourceEra.before(kernel, c.kernel()) : year > 0 && year < c.year();
            if (older && c.touches(f)) {
                return c;
            }
        }
        return null;
    }
}
