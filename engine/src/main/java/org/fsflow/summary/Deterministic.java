package org.fsflow.summary;

import org.fsflow.result.Summary;

/**
 * A measure with no variance (the capacity left after mkfs, the same on every repetition): no
 * interval or test applies, so fsflow's ratio is compared with the source's directly, within
 * {@link #TOLERANCE}.
 */
public final class Deterministic {

    /** fsflow's ratio and the source's agree when the ratio of ratios lies within [1 / 1.02, 1.02]. */
    public static final double TOLERANCE = 1.02;

    private Deterministic() {}

    /** True when both sides were measured and neither varies (beyond floating-point noise). */
    static boolean of(Summary num, Summary den) {
        return num != null && den != null && constant(num) && constant(den);
    }

    private static boolean constant(Summary s) {
        return s.n() >= 1 && s.sd() <= 1e-9 * Math.abs(s.mean());
    }
}
