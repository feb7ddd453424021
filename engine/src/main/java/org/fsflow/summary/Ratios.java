package org.fsflow.summary;

import org.fsflow.result.Fieller;

/**
 * How a ratio and its interval are written, in every report alike: "×1.23 [1.10, 1.40]". A ratio
 * of positive figures is never negative: a lower bound at or below 0 (the numerator's mean not
 * distinguishable from 0) is written "unbounded below"; without an interval, "(no interval)".
 */
public final class Ratios {

    private Ratios() {}

    /** "×1.23 [1.10, 1.40]", "×1.98 [unbounded below, 6.69]", "×1.23 (no interval)", or "–". */
    public static String text(Fieller.Interval i) {
        if (i == null) {
            return "–";
        }
        return "×" + Numbers.sig(i.ratio()) + (i.bounded() ? " " + bounds(i) : " (no interval)");
    }

    /** "[1.10, 1.40]" or "[unbounded below, 6.69]"; "" without bounds. */
    public static String bounds(Fieller.Interval i) {
        if (i == null || !i.bounded()) {
            return "";
        }
        return "[" + (i.low() <= 0 ? "unbounded below" : Numbers.sig(i.low())) + ", " + Numbers.sig(i.high()) + "]";
    }
}
