package org.fsflow.summary;

import org.fsflow.result.Summary;

/**
 * One cell of a steps x columns table: the statistics of a series and how it ranks in its row.
 *
 * @param stats the statistics, or null when nothing was measured
 * @param best  the lowest mean of a ranked row with more than one column
 * @param ratio the mean over the row's best mean, NaN when not ranked or itself the best
 * @param tie   not significantly different from the best (Welch's t-test, needs n &gt;= 2 on both sides)
 */
public record Ranked(Summary stats, boolean best, double ratio, boolean tie) {

    /** An unranked cell. */
    public static Ranked of(Summary stats) {
        return new Ranked(stats, false, Double.NaN, false);
    }

    /** {@code stats} ranked against {@code best} (null: the row is not ranked). */
    static Ranked against(Summary stats, Summary best, boolean isBest) {
        if (stats == null || isBest || best == null || best.mean() <= 0) {
            return new Ranked(stats, stats != null && isBest, Double.NaN, false);
        }
        boolean tie = !stats.differsFrom(best) && stats.n() >= 2 && best.n() >= 2;
        return new Ranked(stats, false, stats.mean() / best.mean(), tie);
    }
}
