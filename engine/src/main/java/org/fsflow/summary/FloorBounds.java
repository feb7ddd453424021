package org.fsflow.summary;

import org.fsflow.result.Fieller;
import org.fsflow.result.LaunchFloor;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.Finding;

/**
 * What fsflow's launch floor (the time of starting a process that does nothing) can do to a
 * finding's ratio of times. When a side lasts under {@link VerdictReasons#FLOORS} floors, the
 * ratio is computed again with the floor removed from that short side and added to it: the floor
 * vetoes the finding only when those bounds reach 1 (the floor could turn the direction round)
 * or the short side does not outlast the floor; otherwise fsflow's interval is widened by them.
 *
 * @param veto     why the floor vetoes it, null when it does not
 * @param interval fsflow's interval widened by the floor's bounds (the interval itself when no
 *                 side is short)
 * @param note     what was done, for the verdict's reason; "" when no side is short
 */
record FloorBounds(String veto, Fieller.Interval interval, String note) {

    /** The floor's effect on {@code i}, the ratio of {@code num} over {@code den}. */
    static FloorBounds of(Finding f, Verdict.Side num, Verdict.Side den, RunEnvironment env, Fieller.Interval i) {
        LaunchFloor floor = env.launchFloor();
        if (floor == null || !"real_s".equals(f.metric()) || i == null || !i.bounded()) {
            return new FloorBounds(null, i, "");
        }
        double limit = VerdictReasons.FLOORS * floor.realSMedian();
        double a = num.stats().mean();
        double b = den.stats().mean();
        boolean numShort = a < limit && a <= b;
        Verdict.Side shortSide = numShort ? num : b < limit ? den : null;
        if (shortSide == null) {
            return new FloorBounds(null, i, "");
        }
        double fl = floor.realSMedian();
        double s = shortSide.stats().mean();
        String lasts = shortSide.name() + "'s " + shortSide.step() + " lasts " + Numbers.sig(s * 1000) + " ms, under "
                + VerdictReasons.FLOORS + " times fsflow's launch floor (" + Numbers.sig(fl * 1000) + " ms)";
        if (s <= fl) {
            return new FloorBounds(lasts + ": the floor alone could account for it", i, "");
        }
        double removed = numShort ? (a - fl) / b : a / (b - fl);
        double added = numShort ? (a + fl) / b : a / (b + fl);
        double low = Math.min(removed, added);
        double high = Math.max(removed, added);
        String bounds = "×" + Numbers.sig(low) + " to ×" + Numbers.sig(high);
        if (low <= 1 && high >= 1) {
            return new FloorBounds(
                    lasts + ": with the floor removed from it or added to it, the ratio runs " + bounds
                            + ", across 1: process start-up could turn it round",
                    i,
                    "");
        }
        double r = i.ratio();
        Fieller.Interval widened = new Fieller.Interval(r, i.low() * low / r, i.high() * high / r);
        return new FloorBounds(
                null,
                widened,
                " (" + lasts + "; the floor removed or added moves the ratio " + bounds
                        + ", so its interval is widened to " + Ratios.bounds(widened) + ")");
    }
}
