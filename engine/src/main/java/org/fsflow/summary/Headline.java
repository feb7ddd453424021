package org.fsflow.summary;

import java.util.List;
import java.util.Locale;
import org.fsflow.result.Summary;

/**
 * A run's headline when its scenario has no findings to verdict. A run whose columns share one place
 * answers its question step by step: for each step the scenario runs itself (not the built-in
 * mkfs, mount, umount ...), the fastest column and every other one as its ratio, {@code ≈} where
 * Welch's test at 5 % finds no difference. Otherwise, the largest significant difference of real time
 * between two columns of one place (a ratio to the row's best that the test does not call a tie,
 * n &ge; 2 on both sides).
 */
public final class Headline {

    private Headline() {}

    // more steps than this are counted, not listed: a headline is one line of an index
    static final int STEPS_SHOWN = 6;

    /**
     * The fastest column of each of the scenario's own steps, with the others' ratios, when every
     * column of {@code s} was measured in one place; "" otherwise, or when no such step was ranked.
     */
    public static String perStep(RunSummary s) {
        List<String> parts = new java.util.ArrayList<>();
        boolean named = s.datasets().size() > 1;
        for (DatasetSummary d : s.datasets()) {
            if (d.manyPlaces() || d.columns().size() < 2) {
                return "";
            }
            for (MetricGrid.Row row : d.time(TimeFigure.REAL).rows()) {
                String part = org.fsflow.scenario.Step.Action.of(row.step()) != null ? "" : step(d, row);
                if (!part.isEmpty()) {
                    parts.add((named && !d.name().isEmpty() ? d.name() + "/" : "") + part);
                }
            }
        }
        if (parts.isEmpty()) {
            return "";
        }
        String shown = String.join("; ", parts.subList(0, Math.min(STEPS_SHOWN, parts.size())));
        return "Fastest real time per step (≈: not significantly slower): " + shown
                + (parts.size() > STEPS_SHOWN ? "; and " + (parts.size() - STEPS_SHOWN) + " more steps" : "") + ".";
    }

    // "untar ext4 3.78 s (xfs x1.11, btrfs ≈x1.02, n=8-10)", "" when the row has no best with n >= 2
    private static String step(DatasetSummary d, MetricGrid.Row row) {
        List<Ranked> cells = row.cells();
        int best = -1;
        for (int c = 0; c < cells.size(); c++) {
            best = cells.get(c).best()
                            && cells.get(c).stats() != null
                            && cells.get(c).stats().n() >= 2
                    ? c
                    : best;
        }
        if (best < 0) {
            return "";
        }
        List<Integer> others = new java.util.ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
            if (c != best
                    && cells.get(c).stats() != null
                    && !Double.isNaN(cells.get(c).ratio())) {
                others.add(c);
            }
        }
        others.sort(java.util.Comparator.comparingDouble(c -> cells.get(c).ratio()));
        List<String> ratios = others.stream()
                .map(c -> d.columns().get(c) + " " + (cells.get(c).tie() ? "≈" : "")
                        + String.format(Locale.ROOT, "x%.2f", cells.get(c).ratio()))
                .toList();
        return row.step() + " " + d.columns().get(best) + " "
                + Numbers.sig(cells.get(best).stats().mean()) + " s"
                + (ratios.isEmpty() ? "" : " (" + String.join(", ", ratios) + ")");
    }

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
