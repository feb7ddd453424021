package org.fsflow.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fsflow.result.Fieller;
import org.fsflow.result.Summary;

/**
 * Change points of one series of runs, each run a point holding its repetitions' values, by
 * E-divisive means with Student's t as the significance test, the way Hunter and Apache Otava do
 * it. The location: the energy statistic of Matteson and James (2014), α = 1, over the runs'
 * means, maximised over every split of an interval between change points already found. The
 * test: Welch's two-sided t between the two segments of that interval, whose units are the runs'
 * means when both segments hold at least {@value #RUNS_AS_UNITS} runs (run-to-run noise counts),
 * else every repetition of their runs (a series of three kernels can still be tested, assuming
 * repetitions vary as much as runs do). Weak, then strict (Otava): splits are made while the best
 * candidate's p-value is at most ten times the strict one; then, until none fails, the change
 * point with the largest p-value between its neighbours, or an effect below the minimum, is
 * removed.
 */
public final class ChangePoints {

    /** Both segments hold at least this many runs: their means are the test's units. */
    public static final int RUNS_AS_UNITS = 3;

    /**
     * What counts as a change.
     *
     * @param pValue    the strict p-value a change point must reach in its own series
     * @param minEffect the smallest relative change of the mean reported, 0.02 for 2 %
     */
    public record Options(double pValue, double minEffect) {

        /** Otava's default p-value, no minimum effect. */
        public static final Options DEFAULT = new Options(0.001, 0);
    }

    /**
     * One change point between two segments.
     *
     * @param index  the first point after the change
     * @param from   the first point of the segment before it
     * @param to     one past the last point of the segment after it
     * @param before the statistics of the units before
     * @param after  the statistics of the units after
     * @param ratio  mean after / mean before, with its Fieller interval
     * @param p      Welch's two-sided p-value
     * @param runs   true when the units were the runs' means, false when the repetitions
     */
    public record Change(
            int index,
            int from,
            int to,
            Summary before,
            Summary after,
            Fieller.Interval ratio,
            double p,
            boolean runs) {

        /** The relative change of the mean, |ratio - 1|. */
        public double effect() {
            return Math.abs(ratio.ratio() - 1);
        }
    }

    /**
     * The outcome for one series.
     *
     * @param changes the change points, oldest first
     * @param tested  the test of the first split (its p-value counts in the false-discovery control
     *                even when nothing was found), null when the series is too short to split
     */
    public record Detection(List<Change> changes, Change tested) {}

    private ChangePoints() {}

    /** The change points of {@code points} (each a run's values, in the history's order). */
    public static Detection detect(List<double[]> points, Options options) {
        boolean[] any = new boolean[points.size()];
        java.util.Arrays.fill(any, true);
        return detect(points, options, any);
    }

    /**
     * The change points of {@code points}, splitting only before a point {@code t} where
     * {@code splittable[t]} (runs that share a commit, kernel or label are never split apart).
     */
    public static Detection detect(List<double[]> points, Options options, boolean[] splittable) {
        int n = points.size();
        double[] means = new double[n];
        for (int i = 0; i < n; i++) {
            means[i] = Arrays.stream(points.get(i)).average().orElse(Double.NaN);
        }
        if (n < 2 || Arrays.stream(means).anyMatch(Double::isNaN)) {
            return new Detection(List.of(), null);
        }
        double weak = Math.min(1, options.pValue() * 10);
        List<Integer> cuts = new ArrayList<>();
        Change first = null;
        while (true) {
            Change best = bestSplit(points, means, cuts, splittable);
            if (first == null) {
                first = best;
            }
            if (best == null || !(best.p() <= weak)) {
                break;
            }
            cuts.add(best.index());
            cuts.sort(null);
        }
        return new Detection(prune(points, cuts, options), first);
    }

    // the split of greatest energy over every interval between the cuts, tested
    private static Change bestSplit(List<double[]> points, double[] means, List<Integer> cuts, boolean[] splittable) {
        List<Integer> bounds = bounds(cuts, means.length);
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestIndex = -1;
        int bestFrom = 0;
        int bestTo = 0;
        for (int k = 0; k + 1 < bounds.size(); k++) {
            int from = bounds.get(k);
            int to = bounds.get(k + 1);
            for (int t = from + 1; t < to; t++) {
                if (!splittable[t]) {
                    continue;
                }
                double q = Energy.q(means, from, t, to);
                if (q > bestQ) {
                    bestQ = q;
                    bestIndex = t;
                    bestFrom = from;
                    bestTo = to;
                }
            }
        }
        return bestIndex < 0 ? null : test(points, bestFrom, bestIndex, bestTo);
    }

    // strict: remove the weakest change point until every one passes
    private static List<Change> prune(List<double[]> points, List<Integer> cuts, Options options) {
        List<Integer> kept = new ArrayList<>(cuts);
        while (true) {
            List<Change> changes = changes(points, kept);
            Change worst = null;
            for (Change c : changes) {
                boolean fails = !(c.p() <= options.pValue()) || c.effect() < options.minEffect();
                if (fails && (worst == null || rank(c) > rank(worst))) {
                    worst = c;
                }
            }
            if (worst == null) {
                return changes;
            }
            kept.remove(Integer.valueOf(worst.index()));
        }
    }

    // the largest p-value first; NaN (untestable) before everything
    private static double rank(Change c) {
        return Double.isNaN(c.p()) ? 2 : c.p();
    }

    /** Each of {@code cuts} tested between its neighbours. */
    static List<Change> changes(List<double[]> points, List<Integer> cuts) {
        List<Integer> bounds = bounds(cuts, points.size());
        List<Change> out = new ArrayList<>();
        for (int k = 1; k + 1 < bounds.size(); k++) {
            out.add(test(points, bounds.get(k - 1), bounds.get(k), bounds.get(k + 1)));
        }
        return out;
    }

    /** Welch's test and the ratio between points [from, index) and [index, to). */
    static Change test(List<double[]> points, int from, int index, int to) {
        boolean runs = index - from >= RUNS_AS_UNITS && to - index >= RUNS_AS_UNITS;
        Summary before = Summary.of(units(points, from, index, runs));
        Summary after = Summary.of(units(points, index, to, runs));
        return new Change(
                index, from, to, before, after, Fieller.ratio(after, before), Student.pValue(before, after), runs);
    }

    private static double[] units(List<double[]> points, int from, int to, boolean runs) {
        List<double[]> part = points.subList(from, to);
        if (runs) {
            return part.stream()
                    .mapToDouble(p -> Arrays.stream(p).average().orElse(Double.NaN))
                    .toArray();
        }
        return part.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    private static List<Integer> bounds(List<Integer> cuts, int n) {
        List<Integer> b = new ArrayList<>();
        b.add(0);
        b.addAll(cuts);
        b.add(n);
        return b;
    }
}
