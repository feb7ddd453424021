package org.fsflow.scenario;

import java.time.Duration;
import org.fsflow.lang.Location;

/**
 * {@code repeat:} how many times each cell runs. Either a count ({@code repeat: 3}) or an adaptive
 * range that adds rounds of repetitions, never beyond max: while the coefficient of variation of a
 * cell's measured steps is above {@code target_cv}, or while the 95 % interval of a step's mean real
 * time is wider than {@code precision} of the mean on either side
 * ({@code repeat: { min: 3, max: 30, precision: 5%, budget: 2h }}), and, with a budget, while the
 * cells' time spent so far leaves room for another repetition.
 *
 * @param min       repetitions always run
 * @param max       hard cap
 * @param targetCv  target coefficient of variation (0.03 for 3 %), or 0 for none
 * @param precision target half-width of each series' 95 % interval relative to its mean (0.05 for
 *                  5 %), or 0 for none
 * @param budget    the cells' time the campaign may spend (every repetition's span, from its first
 *                  step's start to its last step's end, summed), or null for no budget
 * @param where     where it is written
 */
public record Repeat(int min, int max, double targetCv, double precision, Duration budget, Location where) {

    /** A fixed count. */
    public static Repeat times(int n, Location where) {
        return new Repeat(n, n, 0, 0, null, where);
    }

    /** True for the adaptive form. */
    public boolean adaptive() {
        return (targetCv > 0 || precision > 0) && max > min;
    }
}
