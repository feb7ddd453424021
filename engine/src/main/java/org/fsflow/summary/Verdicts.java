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
        List<VerdictDraft> drafts = new ArrayList<>();
        SourceRuns runs = SourceRuns.of(section, from);
        for (Finding f : section.findings()) {
            drafts.add(draft(section, runs, f, results, environment, controls));
        }
        double[] q = FalseDiscovery.adjust(drafts.stream()
                .mapToDouble(d -> d.untestable() == null ? d.p() : Double.NaN)
                .toArray());
        int tested = (int) drafts.stream().filter(d -> d.untestable() == null).count();
        int significant = (int)
                java.util.Arrays.stream(q).filter(v -> v <= FalseDiscovery.RATE).count();
        double level = org.fsflow.result.Sensitivity.level(significant, tested);
        List<Verdict> out = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            out.add(VerdictPower.attach(VerdictRules.decide(drafts.get(i), q[i], tested), level));
        }
        return new VerdictTable(section, from, sha256, out);
    }

    private static VerdictDraft draft(
            SourceSection section,
            SourceRuns runs,
            Finding f,
            ResultSet results,
            RunEnvironment env,
            List<ControlAgreement> controls) {
        Verdict.Side num = side(f, f.numerator(), results, env);
        Verdict.Side den = side(f, f.denominator(), results, env);
        // a CPU share with a service left out: the sides' CPU with it, where the tool timed the test
        ServiceCpu services = num.stats() == null || den.stats() == null ? ServiceCpu.NONE : ServiceCpu.of(f, results);
        if (services.side() != null) {
            num = side(f, f.numerator(), results, env, services.metric(f, f.numerator()));
            den = side(f, f.denominator(), results, env, services.metric(f, f.denominator()));
        }
        Triage triage = Triage.of(f, section, num, den);
        SourceTie tie = SourceTie.of(f, runs);
        String why = VerdictReasons.untestable(f, num, den, env);
        why = why != null ? why : VerdictReasons.untrusted(f, num, controls);
        if (why != null) {
            // still the measured ratio when both sides have values of one place (a reader sees the
            // direction the run measured), but no p-value: an untested finding is no hypothesis
            boolean shown =
                    num.stats() != null && den.stats() != null && java.util.Objects.equals(num.place(), den.place());
            return new VerdictDraft(
                    f,
                    num,
                    den,
                    shown ? Fieller.ratio(num.stats(), den.stats()) : null,
                    Double.NaN,
                    why,
                    triage,
                    tie,
                    services.note());
        }
        Fieller.Interval interval = Fieller.ratio(num.stats(), den.stats());
        FloorBounds floor = FloorBounds.of(f, num, den, env, interval);
        if (floor.veto() != null) {
            return new VerdictDraft(f, num, den, interval, Double.NaN, floor.veto(), triage, tie, services.note());
        }
        return new VerdictDraft(
                f,
                num,
                den,
                floor.interval(),
                Welch.pValue(den.stats(), num.stats()),
                null,
                triage,
                tie,
                floor.note() + services.note());
    }

    /**
     * One side: the run's cell matching the finding's coordinates and its series of the step; without
     * a dataset, every dataset's cell, pooled (the source's mean over its datasets).
     */
    static Verdict.Side side(Finding f, String name, ResultSet results, RunEnvironment env) {
        return side(f, name, results, env, f.metricOf(name));
    }

    /**
     * The same side, its statistics those of {@code judged} (the finding's own metric, or the CPU
     * with the filesystem's services in its place); whether bonnie++ timed the test is still asked
     * of the finding's own.
     */
    static Verdict.Side side(Finding f, String name, ResultSet results, RunEnvironment env, String judged) {
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
        List<Measurement> notCounted = series.uncounted().stream()
                .filter(m -> !m.warmup() && !m.takenAgain())
                .toList();
        int stored = series.counted() + notCounted.size();
        int failed = (int) notCounted.stream().filter(m -> m.status().failure()).count();
        int skipped = (int)
                notCounted.stream().filter(m -> m.status() == Status.SKIPPED).count();
        String place = stored == 0 ? null : Places.of(series.first());
        Summary stats = series.summary(new Metric(judged));
        String metric = f.metricOf(name);
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
        long data = e.data(series);
        if (data > 0 && e.writtenMin() < ShortWriteRule.SHORT * data && !e.flushed()) {
            return "wrote " + e.writtenText() + " of " + (e.named() > 0 ? "its " : "the ")
                    + Numbers.bytes((double) data) + (e.named() > 0 ? "" : " its processes dirtied")
                    + " during the step, with no flush: the rest stayed in the page cache";
        }
        return null;
    }
}
