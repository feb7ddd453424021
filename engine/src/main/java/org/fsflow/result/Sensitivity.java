package org.fsflow.result;

/**
 * What a comparison of two series could have seen, at {@link Power#TARGET} power: the smallest
 * ratio its run could detect at its n and noise, the repetitions per side that a ×1.1 and a ×1.2
 * difference would need, and those the observed effect would need to be decided. The noise of
 * each side is its coefficient of variation, taken to the log scale ({@link Power#logSd}); the
 * test is Welch's on log values at {@code level}.
 *
 * @param level      the significance level the figures are at (for a report's comparisons, the
 *                   Benjamini-Hochberg level it actually used: {@link #level(int, int)})
 * @param detectable the smallest ratio detected with 80 % power, above 1 (either way: ×r or ×1/r)
 * @param for10      repetitions per side a ×1.1 difference needs, {@link Power#BEYOND} past the limit
 * @param for20      the same for ×1.2
 * @param toDecide   repetitions per side the observed effect needs to be decided, {@link Power#BEYOND} likewise
 */
public record Sensitivity(double level, double detectable, int for10, int for20, int toDecide) {

    /**
     * At most this many repetitions per side, an inconclusive result is one that more repetitions
     * would decide; beyond it, the effect is below this machine's noise floor (issue 44's bound).
     */
    public static final int MAX_REPETITIONS = 30;

    /**
     * What the observed effect needs to be decided: its distance in log ratio from where the test
     * decides, the level of that test, and whether it is two-sided.
     *
     * @param distance the log distance
     * @param level    the test's level
     * @param twoSided true for a two-sided test
     */
    public record Target(double distance, double level, boolean twoSided) {

        /** A difference from 1 of the observed {@code ratio}, two-sided at {@code level}. */
        public static Target difference(double ratio, double level) {
            return new Target(Math.abs(Math.log(ratio)), level, true);
        }
    }

    /**
     * The level at which a report with {@code significant} of its {@code tested} comparisons
     * significant after Benjamini-Hochberg declares one more: any p-value at or below
     * {@code rate × max(1, significant) / tested} is significant there, the others held.
     */
    public static double level(int significant, int tested) {
        return tested == 0 ? FalseDiscovery.RATE : FalseDiscovery.RATE * Math.max(1, significant) / tested;
    }

    /**
     * The sensitivity of comparing {@code a} with {@code b} at {@code level}, the observed effect
     * decided by {@code target}; null when a side has fewer than two values, a mean not above 0, or
     * neither side varies (then nothing is left to chance).
     */
    public static Sensitivity of(Summary a, Summary b, double level, Target target) {
        if (a == null || b == null || a.n() < 2 || b.n() < 2 || !(a.mean() > 0) || !(b.mean() > 0)) {
            return null;
        }
        if (!Double.isFinite(a.cv()) || !Double.isFinite(b.cv()) || (a.cv() == 0 && b.cv() == 0)) {
            return null;
        }
        Power.Noise noise = new Power.Noise(Power.logSd(a.cv()), a.n(), Power.logSd(b.cv()), b.n());
        return new Sensitivity(
                level,
                Math.exp(Power.detectable(noise, level, true)),
                Power.repetitions(Math.log(1.1), noise, level, true),
                Power.repetitions(Math.log(1.2), noise, level, true),
                Power.repetitions(target.distance(), noise, target.level(), target.twoSided()));
    }

    /** True when the observed effect would be decided within {@link #MAX_REPETITIONS} per side. */
    public boolean decidable() {
        return toDecide <= MAX_REPETITIONS;
    }

    /** "14", or "more than 10000". */
    public static String repetitions(int n) {
        return n == Power.BEYOND ? "more than " + Power.SEARCH_LIMIT : Integer.toString(n);
    }
}
