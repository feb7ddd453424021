package org.fsflow.summary;

import java.util.List;
import java.util.Locale;
import org.fsflow.result.Summary;

/**
 * A run's headline when its scenario has no findings to verdict: the largest significant
 * difference of real time between two columns of one place (a ratio to the row's best that
 * Welch's test at 5 % does not call a tie, n &ge; 2 on both sides).
 */
public final class Headline {

    private Headline() {}

    /** The largest significant difference of {@code s}, or "" when there is none. */
    public static String largest(RunSummary s) {
        String best = "";
        double ratio = 1;
        for (DatasetSummary d : s.datasets()) {
            for (MetricGrid.Row row : d.time(TimeFigure.REAL).rows()) {
                List<Ranked> cells = row.cells();
                for (int c = 0; c < cells.size(); c++) {
                    Ranked r = cells.get(c);
                    int fastest = fastest(cells, d.places(), d.places().get(c));
                    if (r.stats() == null
                            || Double.isNaN(r.ratio())
                            || r.tie()
                            || fastest < 0
                            || r.stats().n() < 2
                            || !(r.ratio() > ratio)) {
                        continue;
                    }
                    ratio = r.ratio();
                    Summary other = cells.get(fastest).stats();
                    best = "Largest significant difference: " + (d.name().isEmpty() ? "" : d.name() + "/") + row.step()
                            + ", " + d.columns().get(c) + " took x" + String.format(Locale.ROOT, "%.2f", ratio)
                            + " the real time of " + d.columns().get(fastest) + " ("
                            + Numbers.sig(r.stats().mean())
                            + " s against " + Numbers.sig(other.mean()) + " s, n="
                            + r.stats().n() + " and "
                            + other.n() + ", " + d.places().get(c) + ").";
                }
            }
        }
        return best;
    }

    // the best column of the row in the same place, -1 when none
    private static int fastest(List<Ranked> cells, List<String> places, String place) {
        for (int c = 0; c < cells.size(); c++) {
            if (cells.get(c).best() && places.get(c).equals(place)) {
                return c;
            }
        }
        return -1;
    }
}
