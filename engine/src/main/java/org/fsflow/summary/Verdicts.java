package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.plan.Cell;
import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Fieller;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;
import org.fsflow.result.Status;
import org.fsflow.result.Summary;
import org.fsflow.result.Welch;
import org.fsflow.scenario.Finding;
import org.fsflow.scenario.Matrix;
import org.fsflow.scenario.SourceSection;

/**
 * Judges every finding of a source section against a run's results (warm-ups left out, as in
 * every statistic): each side's series, the ratio of their means with its Fieller interval,
 * Welch's p-value, the Benjamini-Hochberg q-values over all findings at once, then the verdict.
 * A finding that cannot be tested (a cell missing, failed or skipped, too few repetitions, the
 * run's scale below its {@code min_scale}, a step too short to time, two places) is inconclusive
 * with that reason and does not count in the false-discovery control.
 */
public final class Verdicts {

    /** The fewest counted repetitions a side needs for an interval. */
    static final int MIN_REPETITIONS = 2;

    private Verdicts() {}

    /** A finding with its sides and statistics, before the q-values. */
    private record Draft(
            Finding finding,
            Verdict.Side num,
            Verdict.Side den,
            Fieller.Interval interval,
            double p,
            String untestable,
            Triage triage) {}

    /** The verdicts of {@code section}'s findings on {@code results}, run under {@code environment}. */
    public static VerdictTable judge(
            SourceSection section, String from, String sha256, ResultSet results, RunEnvironment environment) {
        return judge(section, from, sha256, results, environment, List.of());
    }

    /** The same, with findings between cells of a place whose {@code controls} distrust the step inconclusive. */
    public static VerdictTable judge(
            SourceSection section,
            String from,
            String sha256,
            ResultSet results,
            RunEnvironment environment,
            List<ControlAgreement> controls) {
        List<Draft> drafts = new ArrayList<>();
        for (Finding f : section.findings()) {
            drafts.add(draft(section, f, results, environment, controls));
        }
        double[] q = FalseDiscovery.adjust(drafts.stream()
                .mapToDouble(d -> d.untestable() == null ? d.p() : Double.NaN)
                .toArray());
        int tested = (int) drafts.stream().filter(d -> d.untestable() == null).count();
        List<Verdict> out = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            out.add(decide(drafts.get(i), q[i], tested));
        }
        return new VerdictTable(section, from, sha256, out);
    }

    private static Draft draft(
            SourceSection section, Finding f, ResultSet results, RunEnvironment env, List<ControlAgreement> controls) {
        Verdict.Side num = side(f, f.numerator(), results, env);
        Verdict.Side den = side(f, f.denominator(), results, env);
        Triage triage = Triage.of(f, section, num, den);
        String why = VerdictReasons.untestable(f, num, den, env);
        why = why != null ? why : VerdictReasons.untrusted(f, num, controls);
        if (why != null) {
            // still the measured ratio when both sides have values of one place (a reader sees the
            // direction the run measured), but no p-value: an untested finding is no hypothesis
            boolean shown =
                    num.stats() != null && den.stats() != null && java.util.Objects.equals(num.place(), den.place());
            return new Draft(
                    f, num, den, shown ? Fieller.ratio(num.stats(), den.stats()) : null, Double.NaN, why, triage);
        }
        return new Draft(
                f,
                num,
                den,
                Fieller.ratio(num.stats(), den.stats()),
                Welch.pValue(den.stats(), num.stats()),
                null,
                triage);
    }

    private static Verdict decide(Draft d, double q, int tested) {
        Finding f = d.finding();
        if (d.untestable() != null) {
            return verdict(d, q, Verdict.Outcome.INCONCLUSIVE, d.untestable());
        }
        Fieller.Interval i = d.interval();
        String ratio = VerdictReasons.ratio(i);
        if (!i.bounded()) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.INCONCLUSIVE,
                    "fsflow's ratio " + ratio + " has no bounded 95 % " + "interval: "
                            + d.den().name() + "'s mean is not distinguishable from 0");
        }
        if (f.equal()) {
            return equal(d, q);
        }
        if (i.low() <= 1 && i.high() >= 1) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.INCONCLUSIVE,
                    "fsflow's 95 % interval " + ratio + " includes 1: " + "no significant difference here");
        }
        if (Double.isNaN(q) || q > FalseDiscovery.RATE) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.INCONCLUSIVE,
                    "fsflow's interval " + ratio + " excludes 1, but "
                            + "the difference is not significant once the false-discovery rate is controlled over the "
                            + tested + " tested findings (q = " + Numbers.sig(q) + ")");
        }
        boolean higher = i.ratio() > 1;
        if (higher != f.higher()) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.CONTRADICTED,
                    "fsflow measures " + f.numerator() + " "
                            + (higher ? "higher" : "lower") + " than " + f.denominator() + " (" + ratio
                            + "); the source, "
                            + (f.higher() ? "higher" : "lower"));
        }
        if (Double.isNaN(f.ratio())) {
            return verdict(d, q, Verdict.Outcome.REPRODUCED, "same direction as the source states (" + ratio + ")");
        }
        return sized(d, q);
    }

    /**
     * The source says the sides are equal (ratio 1): an equivalence test. Reproduced when fsflow's
     * whole interval lies within [1 / tolerance, tolerance]; contradicted when it is significant and
     * lies wholly outside; inconclusive otherwise (an interval too wide to tell).
     */
    private static Verdict equal(Draft d, double q) {
        Fieller.Interval i = d.interval();
        double t = d.finding().tolerance();
        String band = "[" + Numbers.sig(1 / t) + ", " + Numbers.sig(t) + "]";
        String ratio = VerdictReasons.ratio(i);
        if (i.low() >= 1 / t && i.high() <= t) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.REPRODUCED,
                    "the source's sides are equal; fsflow's interval " + ratio + " lies within " + band
                            + " (1 widened by the tolerance)");
        }
        boolean significant = !Double.isNaN(q) && q <= FalseDiscovery.RATE;
        if (significant && (i.low() > t || i.high() < 1 / t)) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.CONTRADICTED,
                    "the source's sides are equal; fsflow's interval " + ratio + " lies outside " + band);
        }
        return verdict(
                d,
                q,
                Verdict.Outcome.INCONCLUSIVE,
                "the source's sides are equal; fsflow's interval " + ratio + " is neither within " + band
                        + " nor significantly outside it");
    }

    // same direction, significant: is the source's ratio within the band?
    private static Verdict sized(Draft d, double q) {
        Finding f = d.finding();
        Fieller.Interval i = d.interval();
        double low = i.low() / f.tolerance();
        double high = i.high() * f.tolerance();
        String band = "[" + Numbers.sig(low) + ", " + Numbers.sig(high) + "] (fsflow's interval, widened "
                + Numbers.sig(f.tolerance()) + " times)";
        if (f.ratio() >= low && f.ratio() <= high) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.REPRODUCED,
                    "same direction; the source's ×" + Numbers.sig(f.ratio()) + " lies within " + band);
        }
        return verdict(
                d,
                q,
                Verdict.Outcome.DIRECTION_ONLY,
                "same direction, but the source's ×" + Numbers.sig(f.ratio()) + " lies outside " + band
                        + ": the size of the effect did not reproduce");
    }

    private static Verdict verdict(Draft d, double q, Verdict.Outcome outcome, String reason) {
        return new Verdict(d.finding(), d.num(), d.den(), d.interval(), d.p(), q, outcome, reason, d.triage());
    }

    /**
     * One side: the run's cell matching the finding's coordinates and its series of the step; without
     * a dataset, every dataset's cell, pooled (the source's mean over its datasets).
     */
    static Verdict.Side side(Finding f, String name, ResultSet results, RunEnvironment env) {
        Map<String, String> want = f.coordinates(name);
        String step = f.stepOf(name);
        List<Cell> cells = results.cells().stream()
                .filter(c -> c.coordinates().entrySet().containsAll(want.entrySet()))
                .toList();
        boolean pooled = cells.size() > 1
                && f.dataset() == null
                && !f.across().equals("dataset")
                && cells.stream()
                                .map(c -> without(c, Matrix.DATASET))
                                .distinct()
                                .count()
                        == 1;
        if (cells.isEmpty() || (cells.size() > 1 && !pooled)) {
            return new Verdict.Side(name, cells.isEmpty() ? null : "", step, null, null, 0, 0, 0, false, null, null);
        }
        Series series = Series.pool(
                new org.fsflow.result.SeriesKey(cells.get(0), step),
                cells.stream().map(c -> results.series(c, step)).toList());
        List<Measurement> notCounted =
                series.uncounted().stream().filter(m -> !m.warmup()).toList();
        int stored = series.counted() + notCounted.size();
        int failed = (int) notCounted.stream().filter(m -> m.status().failure()).count();
        int skipped = (int)
                notCounted.stream().filter(m -> m.status() == Status.SKIPPED).count();
        String place = stored == 0 ? null : Places.of(series.first());
        String metric = f.metricOf(name);
        Summary stats = series.summary(new Metric(metric));
        java.util.function.Predicate<String> tooFastKey =
                k -> k.startsWith("too_fast.") && metric.startsWith(k.substring(9) + "_");
        boolean tooFast = series.metricKeys().stream().anyMatch(tooFastKey)
                || notCounted.stream()
                        .anyMatch(m -> m.metrics() != null
                                && m.metrics().keySet().stream().anyMatch(tooFastKey));
        String id = pooled
                ? String.join("+", cells.stream().map(Cell::id).toList())
                : cells.get(0).id();
        Double scale = stored == 0 ? null : series.first().scale();
        if (scale == null && stored > 0 && env.settings() != null) {
            scale = env.settings().scale(); // rows written before they recorded it: the run's one scale
        }
        return new Verdict.Side(
                name, id, step, place, stats, stored, failed, skipped, tooFast, artifact(series, results, env), scale);
    }

    private static Map<String, String> without(Cell c, String axis) {
        Map<String, String> out = new java.util.LinkedHashMap<>(c.coordinates());
        out.remove(axis);
        return out;
    }

    // what the summary's copy rules flag in this series: a clone, or a write that left its data in the cache
    private static String artifact(Series series, ResultSet results, RunEnvironment env) {
        CopyEvidence e = series.isEmpty() ? null : CopyEvidence.of(series, results, env);
        if (e == null) {
            return null;
        }
        if (e.cloned()) {
            return "was a clone (reflink: cp shared the extents and copied no data byte), so its figures are not "
                    + "those of a byte copy";
        }
        if (e.named() > 0 && e.writtenMin() < ShortWriteRule.SHORT * e.named() && !e.flushed()) {
            return "wrote " + e.writtenText() + " of its " + Numbers.bytes((double) e.named()) + " during the step, "
                    + "with no flush: the rest stayed in the page cache";
        }
        return null;
    }
}
