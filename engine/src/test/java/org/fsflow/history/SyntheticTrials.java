package org.fsflow.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Seeded synthetic histories with the noise of real fsflow runs: {@value #RUNS} runs of
 * {@value #REPEATS} repetitions each, Gaussian noise of a coefficient of variation drawn uniformly
 * from 2 % to 10 % per trial, and, when shifted, the mean 5 % higher from run {@value #SHIFT_AT}
 * (0-based) on. The unit test asserts the rates; {@code bench/history.sh} prints them.
 */
public final class SyntheticTrials {

    static final int RUNS = 30;
    static final int REPEATS = 5;
    static final int SHIFT_AT = 15;
    static final double SHIFT = 0.05;

    /**
     * The rates of a batch of trials.
     *
     * @param trials   trials per kind
     * @param found    shifted series whose change points include one at the shift
     * @param exact    of those, the series where it is the only change point
     * @param quiet    unshifted series without any change point
     * @param located  shifted series whose largest energy statistic, untested, is at the shift: what
     *                 any test can at best confirm at the right run
     * @param oracle   shifted series where an oracle that knows both levels and places the change
     *                 by maximum likelihood lands on the shift: a bound no method can pass
     * @param near     shifted series with a change point within one run of the shift
     */
    record Rates(int trials, int found, int exact, int quiet, int located, int oracle, int near) {

        double foundRate() {
            return (double) found / trials;
        }

        double quietRate() {
            return (double) quiet / trials;
        }
    }

    private SyntheticTrials() {}

    /** One series: per run, its repetitions. */
    static List<double[]> series(Random random, double cv, boolean shifted) {
        List<double[]> out = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            double mean = 10 * (shifted && r >= SHIFT_AT ? 1 + SHIFT : 1);
            double[] values = new double[REPEATS];
            for (int i = 0; i < REPEATS; i++) {
                values[i] = mean * (1 + cv * random.nextGaussian());
            }
            out.add(values);
        }
        return out;
    }

    /** {@code trials} shifted and {@code trials} unshifted series from {@code seed}, CV in [lo, hi]. */
    static Rates run(long seed, int trials, double lo, double hi, ChangePoints.Options options) {
        Random random = new Random(seed);
        int found = 0;
        int exact = 0;
        int quiet = 0;
        int located = 0;
        int oracle = 0;
        int near = 0;
        for (int t = 0; t < trials; t++) {
            double cv = lo + (hi - lo) * random.nextDouble();
            List<double[]> points = series(random, cv, true);
            located += argmax(points) == SHIFT_AT ? 1 : 0;
            oracle += oracle(points) == SHIFT_AT ? 1 : 0;
            List<ChangePoints.Change> shifted =
                    ChangePoints.detect(points, options).changes();
            near += shifted.stream().anyMatch(c -> Math.abs(c.index() - SHIFT_AT) <= 1) ? 1 : 0;
            if (shifted.stream().anyMatch(c -> c.index() == SHIFT_AT)) {
                found++;
                exact += shifted.size() == 1 ? 1 : 0;
            }
            cv = lo + (hi - lo) * random.nextDouble();
            quiet += ChangePoints.detect(series(random, cv, false), options)
                            .changes()
                            .isEmpty()
                    ? 1
                    : 0;
        }
        return new Rates(trials, found, exact, quiet, located, oracle, near);
    }

    // the split of largest energy over the whole series
    static int argmax(List<double[]> points) {
        double[] means = points.stream()
                .mapToDouble(p -> java.util.Arrays.stream(p).average().orElseThrow())
                .toArray();
        int best = 1;
        for (int t = 1; t < means.length; t++) {
            if (Energy.q(means, 0, t, means.length) > Energy.q(means, 0, best, means.length)) {
                best = t;
            }
        }
        return best;
    }

    /**
     * Where a change that is known to exist, from the known level 10 to the known level 10.5, most
     * likely lies: the split that minimises the squared distances of the runs' means to those two
     * levels (Gaussian noise of one variance: maximum likelihood). Knowing both levels, it is the
     * best any method can do at placing the change on the right run.
     */
    static int oracle(List<double[]> points) {
        double[] means = points.stream()
                .mapToDouble(p -> java.util.Arrays.stream(p).average().orElseThrow())
                .toArray();
        double before = 10;
        double after = 10 * (1 + SHIFT);
        int best = 1;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int t = 1; t < means.length; t++) {
            double cost = 0;
            for (int i = 0; i < means.length; i++) {
                double d = means[i] - (i < t ? before : after);
                cost += d * d;
            }
            if (cost < bestCost) {
                bestCost = cost;
                best = t;
            }
        }
        return best;
    }

    /** Prints the rates: 200 trials of each kind, overall and per band of CV. */
    public static void main(String[] args) {
        ChangePoints.Options o = ChangePoints.Options.DEFAULT;
        System.out.printf(
                Locale.ROOT,
                "%d runs x %d repetitions, 5 %% shift at run %d (1-based), p-value %s, min effect %s%n",
                RUNS,
                REPEATS,
                SHIFT_AT + 1,
                o.pValue(),
                o.minEffect());
        print("CV 2-10 %", run(28, 200, 0.02, 0.10, o));
        for (int cv : new int[] {2, 3, 4, 6, 8, 10}) {
            print("CV " + cv + " %", run(28 + cv, 200, cv / 100.0, cv / 100.0, o));
        }
    }

    private static void print(String what, Rates r) {
        System.out.printf(
                Locale.ROOT,
                "%-10s shift found at the right run %5.1f %% (%d of %d; alone %d; located untested %d;"
                        + " oracle bound %d; within one run %d), no change point without shift %5.1f %% (%d of %d)%n",
                what,
                100 * r.foundRate(),
                r.found(),
                r.trials(),
                r.exact(),
                r.located(),
                r.oracle(),
                r.near(),
                100 * r.quietRate(),
                r.quiet(),
                r.trials());
    }
}
