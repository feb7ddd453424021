package org.fsflow.result;

/**
 * What the extents of the files a step made say about their data: FIEMAP's shared flag over a
 * sample of the regular files created or changed during the step on its filesystem (through
 * {@code filefrag -v}). A copy whose files' data is in shared extents was a clone (reflink), not a
 * copy of bytes, whatever the command names.
 *
 * @param files       files examined
 * @param bytes       their bytes in extents
 * @param sharedBytes of which in extents flagged shared
 */
public record SharedExtents(int files, long bytes, long sharedBytes) {

    /** The share of the examined bytes in shared extents, 0 when there were none. */
    public double fraction() {
        return bytes <= 0 ? 0 : (double) sharedBytes / bytes;
    }

    /** The {@link #fraction} of {@code m}'s extents, or null when they were not examined. */
    static Double fractionOf(Measurement m) {
        return m.sharedExtents() == null ? null : m.sharedExtents().fraction();
    }

    /** True when most of the examined data is shared: the step cloned it. */
    public boolean cloned() {
        return files > 0 && fraction() >= 0.5;
    }
}
