package org.fsflow.scenario;

/**
 * {@code repeat:} how many times each cell runs. Either a count ({@code repeat: 3}) or an adaptive
 * range ({@code repeat: { min: 3, max: 10, target_cv: 3% }}) that adds repetitions while the
 * coefficient of variation of a cell's measured steps is above the target, never beyond max.
 *
 * @param min      repetitions always run
 * @param max      hard cap
 * @param targetCv target coefficient of variation (0.03 for 3 %), or 0 for a fixed count
 * @param where    where it is written
 */
public record Repeat(int min, int max, double targetCv, Location where) {

    /** A fixed count. */
    public static Repeat times(int n, Location where) {
        return new Repeat(n, n, 0, where);
    }

    /** True for the adaptive form. */
    public boolean adaptive() {
        return targetCv > 0 && max > min;
    }
}
