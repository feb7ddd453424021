package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Fieller;
import org.fsflow.result.Summary;
import org.fsflow.result.Welch;

/**
 * The headline of a run without findings, answering what the run exists for: a run that ages
 * filesystems, its largest significant aging penalty; a run of bonnie++ (an import of its CSV),
 * its largest significant difference of a bonnie++ figure between two filesystems of one place
 * (Welch over the runs, the false-discovery rate controlled at 5 % over every pair compared);
 * otherwise, for a run whose columns share one place, the fastest column of each of its own steps
 * ({@link Headline#perStep}), else {@link Headline#largest}, the largest significant difference of real time.
 */
public final class Headlines {

    private Headlines() {}

    /** The headline of {@code s}, "" when nothing significant was found. */
    public static String of(RunSummary s) {
        String aging = aging(s.aging());
        if (!aging.isEmpty()) {
            return aging;
        }
        String bonnie = bonnie(s.bonnie());
        if (!bonnie.isEmpty()) {
            return bonnie;
        }
        String perStep = Headline.perStep(s);
        return perStep.isEmpty() ? Headline.largest(s) : perStep;
    }

    /** The largest aging penalty whose interval excludes 1, "" when none. */
    static String aging(AgingPenalties.Aging aging) {
        AgingPenalties.Penalty best = null;
        int significant = 0;
        for (AgingPenalties.Penalty p : aging.penalties()) {
            Fieller.Interval i = p.ratio();
            if (i == null || !i.bounded() || (i.low() <= 1 && i.high() >= 1)) {
                continue;
            }
            significant++;
            if (best == null
                    || Math.abs(Math.log(i.ratio()))
                            > Math.abs(Math.log(best.ratio().ratio()))) {
                best = p;
            }
        }
        if (best == null) {
            return aging.penalties().isEmpty()
                    ? ""
                    : "No significant aging penalty in " + aging.penalties().size()
                            + " steps compared aged against fresh.";
        }
        return "Aging penalty: " + best.filesystem() + " " + best.step()
                + (best.where().isEmpty()
                        ? ""
                        : " (" + String.join(", ", best.where().values()) + ")")
                + " took " + Ratios.text(best.ratio()) + " its fresh real time once aged ("
                + Numbers.sig(best.aged().mean()) + " s against "
                + Numbers.sig(best.fresh().mean()) + " s, n="
                + best.aged().n() + " and " + best.fresh().n() + "); " + significant + " of "
                + aging.penalties().size() + " steps differ aged.";
    }

    private record Pair(BonnieTable.Line a, BonnieTable.Line b, BonnieTest test, Summary sa, Summary sb, double p) {}

    /** The largest significant difference of a bonnie++ rate between two lines of one place, "" when none. */
    static String bonnie(List<BonnieTable> tables) {
        List<Pair> pairs = new ArrayList<>();
        for (BonnieTable t : tables) {
            for (BonnieTest test : t.tests()) {
                for (int i = 0; i < t.lines().size(); i++) {
                    for (int j = i + 1; j < t.lines().size(); j++) {
                        Pair p = pair(t.lines().get(i), t.lines().get(j), test);
                        if (p != null) {
                            pairs.add(p);
                        }
                    }
                }
            }
        }
        double[] q = FalseDiscovery.adjust(pairs.stream().mapToDouble(Pair::p).toArray());
        Pair best = null;
        int significant = 0;
        for (int k = 0; k < pairs.size(); k++) {
            Pair p = pairs.get(k);
            if (!(q[k] <= FalseDiscovery.RATE)) {
                continue;
            }
            significant++;
            if (best == null || spread(p) > spread(best)) {
                best = p;
            }
        }
        if (best == null) {
            return "";
        }
        boolean aHigher = best.sa().mean() >= best.sb().mean();
        Pair o = aHigher ? best : new Pair(best.b(), best.a(), best.test(), best.sb(), best.sa(), best.p());
        return "bonnie++ " + o.test().group().toLowerCase(java.util.Locale.ROOT) + ", "
                + o.test().test().toLowerCase(java.util.Locale.ROOT) + ": " + o.a().column() + " "
                + Numbers.sig(o.sa().mean()) + " against " + o.b().column() + " " + Numbers.sig(o.sb().mean()) + " "
                + o.test().unit() + " (×" + Numbers.sig(o.sa().mean() / o.sb().mean()) + ", " + o.sa().n() + " and "
                + o.sb().n() + " runs, Welch p = " + Numbers.p(o.p()) + "), the largest of " + significant
                + " significant differences of bonnie++ figures (false-discovery rate 5 % over " + pairs.size()
                + " pairs).";
    }

    private static double spread(Pair p) {
        return Math.abs(Math.log(p.sa().mean() / p.sb().mean()));
    }

    private static Pair pair(BonnieTable.Line a, BonnieTable.Line b, BonnieTest test) {
        if (!java.util.Objects.equals(a.place(), b.place())) {
            return null;
        }
        BonnieTable.Figure fa = a.figure(test);
        BonnieTable.Figure fb = b.figure(test);
        Summary sa = fa == null ? null : fa.rate();
        Summary sb = fb == null ? null : fb.rate();
        if (sa == null || sb == null || sa.n() < 2 || sb.n() < 2 || sa.mean() <= 0 || sb.mean() <= 0) {
            return null;
        }
        double p = Welch.pValue(sa, sb);
        return Double.isNaN(p) ? null : new Pair(a, b, test, sa, sb, p);
    }
}
