package org.fsflow.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.RunSettings;
import org.fsflow.result.Summary;
import org.fsflow.run.Campaign;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;

/**
 * A published run against its reproduction, the check an artifact-evaluation committee makes: per
 * series (cell, step, metric) whether it agreed (the two 95 % intervals of the mean overlap, or the
 * means differ by no more than the tolerance, a share of the published mean), moved (neither), or
 * cannot be told (untested: a side with fewer than two values, or a step whose mean real time is under
 * {@value #FLOORS} launch floors in both runs, where a process's start-up decides every figure of it,
 * as the report's own warning says); and per finding of the source whether its verdict stayed.
 *
 * @param agreed   the series whose intervals overlap
 * @param moved    one line per series whose intervals are apart, published mean, then the new one
 * @param untested the series with a side under two values, or of a step under the launch floors
 * @param verdicts the findings judged in both runs
 * @param changed  one line per finding whose verdict changed
 * @param testable of the findings judged in both runs and testable in the published one (a modern
 *                 machine can be expected to reproduce them), how many kept their verdict
 * @param decided  of those testable findings that the published run decided (reproduced, direction
 *                 only or contradicted), how many kept their verdict
 */
public record Reproduction(
        int agreed, List<String> moved, int untested, int verdicts, List<String> changed, Kept testable, Kept decided) {

    /** Of {@code of} verdicts, {@code same} are the same in the reproduction. */
    public record Kept(int same, int of) {

        /** "5 of 7 the same (71 %)"; "none" when there are none. */
        public String text() {
            return of == 0 ? "none" : same + " of " + of + " the same (" + Math.round(100.0 * same / of) + " %)";
        }
    }

    /** True when every series agreed and no verdict changed. */
    public boolean agrees() {
        return moved.isEmpty() && changed.isEmpty();
    }

    /** A step under this many launch floors in both runs is not judged: start-up decides its figures. */
    public static final int FLOORS = 10;

    /** {@link #of(Comparison, VerdictTable, VerdictTable, double, double)} without a launch floor. */
    public static Reproduction of(Comparison c, VerdictTable published, VerdictTable again, double tolerance) {
        return of(c, published, again, tolerance, 0);
    }

    /**
     * The reproduction that {@code c} (the published run first, its reproduction second) shows, the
     * runs' launch floor being {@code floorS} seconds of real time (0: none known).
     */
    public static Reproduction of(
            Comparison c, VerdictTable published, VerdictTable again, double tolerance, double floorS) {
        int agreed = 0;
        int untested = 0;
        List<String> moved = new ArrayList<>();
        java.util.Set<String> short_ = new java.util.HashSet<>();
        for (Comparison.Row r : c.rows()) {
            if (r.metric().equals("real_s")
                    && r.base().mean() < FLOORS * floorS
                    && r.other().mean() < FLOORS * floorS) {
                short_.add(r.where() + "\u0000" + r.extra());
            }
        }
        for (Comparison.Row r : c.rows()) {
            Summary a = r.base();
            Summary b = r.other();
            if (a.n() < 2
                    || b.n() < 2
                    || Double.isNaN(a.ciLow())
                    || Double.isNaN(b.ciLow())
                    || short_.contains(r.where() + "\u0000" + r.extra())) {
                untested++;
            } else if ((a.ciHigh() < b.ciLow() || b.ciHigh() < a.ciLow())
                    && Math.abs(b.mean() - a.mean()) > tolerance * Math.abs(a.mean())) {
                moved.add(r.where() + (r.extra().isEmpty() ? "" : " " + r.extra()) + " " + r.metric() + ": "
                        + interval(a, r.unit()) + " then " + interval(b, r.unit()));
            } else {
                agreed++;
            }
        }
        Verdicts v = Verdicts.of(published, again);
        return new Reproduction(agreed, List.copyOf(moved), untested, v.both, v.changed, v.testable, v.decided);
    }

    // per finding judged in both runs: whether its verdict stayed, counted over the testable ones
    private record Verdicts(int both, List<String> changed, Kept testable, Kept decided) {

        static Verdicts of(VerdictTable published, VerdictTable again) {
            Map<String, Verdict.Outcome> after = outcomes(again);
            List<String> changed = new ArrayList<>();
            int both = 0;
            int[] testable = new int[2];
            int[] decided = new int[2];
            for (Verdict v : published == null ? List.<Verdict>of() : published.verdicts()) {
                Verdict.Outcome then = v.outcome();
                Verdict.Outcome now = after.get(v.finding().id());
                if (now == null) {
                    continue;
                }
                both++;
                int same = now == then ? 1 : 0;
                if (same == 0) {
                    changed.add(v.finding().id() + ": " + then.label() + " then " + now.label());
                }
                if (v.triage() != null && v.triage().kind() == FindingClass.TESTABLE) {
                    testable[0] += same;
                    testable[1]++;
                    if (then != Verdict.Outcome.INCONCLUSIVE) {
                        decided[0] += same;
                        decided[1]++;
                    }
                }
            }
            return new Verdicts(
                    both, List.copyOf(changed), new Kept(testable[0], testable[1]), new Kept(decided[0], decided[1]));
        }
    }

    private static String interval(Summary s, String unit) {
        String u = unit == null || unit.isEmpty() ? "" : " " + unit;
        return Numbers.sig(s.mean()) + u + " [" + Numbers.sig(s.ciLow()) + ", " + Numbers.sig(s.ciHigh()) + "]";
    }

    private static Map<String, Verdict.Outcome> outcomes(VerdictTable t) {
        Map<String, Verdict.Outcome> out = new LinkedHashMap<>();
        if (t != null) {
            t.verdicts().forEach(v -> out.put(v.finding().id(), v.outcome()));
        }
        return out;
    }

    /**
     * Why {@code out}, which holds a run, cannot be continued as the reproduction of {@code
     * published} (recorded as {@code settings}) with the further {@code sets}: it holds a run of
     * another copy of the scenario, or with other --set options, scales or seed. Null when it can.
     */
    public static String another(Path published, RunSettings settings, List<String> sets, Path out) {
        RunSettings there;
        try {
            there = RunSettings.read(out);
        } catch (org.fsflow.result.JournalException e) {
            return e.getMessage() + ": choose an empty --out";
        }
        byte[] scenario = bytes(published.resolve(Campaign.ORIGINAL));
        byte[] copy = bytes(out.resolve(Campaign.ORIGINAL));
        if (scenario == null || copy == null || !Arrays.equals(scenario, copy)) {
            return out + " holds a run of another scenario than the one " + published
                    + " recorded: choose an empty --out";
        }
        List<String> expected = new ArrayList<>(settings.sets());
        expected.addAll(sets);
        if (!there.sets().equals(expected)
                || there.seed() != settings.seed()
                || there.scale() != settings.scale()
                || !there.placeScales().equals(settings.placeScales())) {
            return out + " holds a run with other settings (--set " + there.sets() + ", scale " + there.scale()
                    + ", seed " + there.seed() + ") than this reproduction of " + published + " (--set " + expected
                    + ", scale " + settings.scale() + ", seed " + settings.seed()
                    + "): choose an empty --out, or continue that run with 'fsflow resume " + out + "'";
        }
        return null;
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return null;
        }
    }
}
