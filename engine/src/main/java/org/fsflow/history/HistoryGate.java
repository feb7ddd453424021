package org.fsflow.history;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.compare.Gate;
import org.fsflow.summary.Numbers;

/**
 * The CI check of {@code history --fail-on worse:N%}: a series fails when its newest run (its last
 * point in the history's order) sits after a change point that made its metric worse by more than
 * N %, and is still worse than the level before that change point by more than N % (a later
 * recovery passes). Metrics without a direction never fail.
 *
 * @param threshold the relative worsening allowed, 0.05 for 5 %
 */
public record HistoryGate(double threshold) {

    /** The gate of {@code spec} ({@code worse:N%}), as {@code compare --fail-on} reads it. */
    public static HistoryGate parse(String spec) {
        return new HistoryGate(Gate.parse(spec).threshold());
    }

    /** One line per failing change point, in series order. */
    public List<String> failures(HistoryResult h) {
        List<String> out = new ArrayList<>();
        for (HistoryResult.SeriesResult s : h.series()) {
            if (s.changes().isEmpty() || s.direction().equals("none")) {
                continue;
            }
            double now = latestLevel(s);
            for (HistoryResult.Change c : s.changes()) {
                double ratio = now / c.meanBefore();
                double worse = s.direction().equals("lower_is_better") ? ratio - 1 : 1 - ratio;
                double then = s.direction().equals("lower_is_better") ? c.ratio() - 1 : 1 - c.ratio();
                if (c.verdict().equals("worse") && then > threshold && worse > threshold) {
                    out.add(line(s, c, now, ratio, h.main()));
                }
            }
        }
        return out;
    }

    // the mean of every repetition after the series' last change point
    static double latestLevel(HistoryResult.SeriesResult s) {
        int from = s.changes().get(s.changes().size() - 1).index();
        double sum = 0;
        int n = 0;
        for (HistoryResult.Point p : s.points().subList(from, s.points().size())) {
            for (double v : p.samples()) {
                sum += v;
                n++;
            }
        }
        return sum / n;
    }

    private static String line(
            HistoryResult.SeriesResult s, HistoryResult.Change c, double now, double ratio, String main) {
        String unit = s.unit().isEmpty() ? "" : " " + s.unit();
        HistoryResult.Point newest = s.points().get(s.points().size() - 1);
        return "worse: " + HistoryView.where(s, main) + " " + s.metric() + ": " + Numbers.sig(c.meanBefore()) + unit
                + " before " + c.after() + ", " + Numbers.sig(now) + unit + " at the newest run " + newest.run()
                + " (x" + Numbers.fixed(ratio, 3) + "; change point p " + HistoryView.probability(c.p()) + ", q "
                + HistoryView.probability(c.q()) + ")";
    }
}
