package org.fsflow.summary;

import org.fsflow.result.Sensitivity;

/**
 * How a {@link Sensitivity} is written, in the run report's findings and the compare report alike:
 * "×1.312 at 80 % power (level 0.0021); ×1.1: 48, ×1.2: 14 per side", and why an undecided result
 * is undecided: "more repetitions would decide it" or "below this machine's noise floor".
 */
public final class PowerText {

    /** What an undecided result is, when more repetitions would decide it. */
    public static final String MORE = "more repetitions would decide it";
    /** What an undecided result is, when not even {@link Sensitivity#MAX_REPETITIONS} would. */
    public static final String FLOOR = "below this machine's noise floor";

    private PowerText() {}

    /** The detectable ratio, its level and the repetitions ×1.1 and ×1.2 need; "–" for null. */
    public static String figures(Sensitivity s) {
        if (s == null) {
            return "–";
        }
        return times(s.detectable()) + " at 80 % power (level " + Numbers.p(s.level()) + "); ×1.1: "
                + Sensitivity.repetitions(s.for10()) + ", ×1.2: " + Sensitivity.repetitions(s.for20()) + " per side";
    }

    /** {@link #MORE} or {@link #FLOOR}; "" for null. */
    public static String kind(Sensitivity s) {
        return s == null ? "" : s.decidable() ? MORE : FLOOR;
    }

    /**
     * Why a result whose observed ratio is {@code ratio} is undecided, one clause: "more repetitions
     * would decide it: the observed ×1.080 would be decided by about 12 repetitions per side at 80 %
     * power" or "below this
     * machine's noise floor: the observed ×1.02 would need 240 repetitions per side, beyond 30";
     * "" for null.
     */
    public static String undecided(Sensitivity s, double ratio) {
        if (s == null) {
            return "";
        }
        String observed = "the observed " + times(ratio);
        if (s.decidable()) {
            return MORE + ": " + observed + " would be decided by about " + s.toDecide()
                    + " repetitions per side at 80 % power";
        }
        return FLOOR + ": " + observed + " would need " + Sensitivity.repetitions(s.toDecide())
                + " repetitions per side at 80 % power, beyond " + Sensitivity.MAX_REPETITIONS + "; this run could "
                + "detect " + times(s.detectable()) + " or more";
    }

    /** "×1.312" (three decimals below 10, so that ×1.004 is not written ×1.00). */
    static String times(double v) {
        return "×" + (Math.abs(v) < 10 ? Numbers.fixed(v, 3) : Numbers.sig(v));
    }
}
