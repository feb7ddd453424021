package org.fsflow.summary;

import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Fieller;
import org.fsflow.scenario.Finding;

/**
 * The verdict of one tested finding. A tie in the source (see {@link SourceTie}) is an equivalence
 * test ({@link Equivalence}, margin ×{@value Equivalence#MARGIN}); a direction must be significant
 * after the false-discovery control and the source's; its size is compared as the ratio of the two
 * ratios (fsflow's over the source's) against the finding's tolerance, except for an emulated
 * finding, whose size is not judged.
 */
final class VerdictRules {

    private VerdictRules() {}

    static Verdict decide(VerdictDraft d, double q, int tested) {
        Finding f = d.finding();
        if (d.untestable() != null) {
            return verdict(d, q, Verdict.Outcome.INCONCLUSIVE, d.untestable(), "not tested");
        }
        Fieller.Interval i = d.interval();
        String ratio = Ratios.text(i);
        if (!i.bounded()) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.INCONCLUSIVE,
                    "fsflow's ratio " + ratio + " has no bounded 95 % interval: "
                            + d.den().name() + "'s mean is not distinguishable from 0",
                    "not tested");
        }
        if (Deterministic.of(d.num().stats(), d.den().stats())) {
            return deterministic(d, q);
        }
        return d.tie().tie() ? tie(d, q) : direction(d, q, tested);
    }

    // the source claims a direction: significant, the same, then its size
    private static Verdict direction(VerdictDraft d, double q, int tested) {
        Finding f = d.finding();
        Fieller.Interval i = d.interval();
        String ratio = Ratios.text(i);
        String direction = "direction, then the ratio of ratios within ×" + Numbers.sig(f.tolerance());
        if (i.low() <= 1 && i.high() >= 1) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.INCONCLUSIVE,
                    "fsflow's 95 % interval " + ratio + " includes 1: no significant difference here",
                    direction);
        }
        if (Double.isNaN(q) || q > FalseDiscovery.RATE) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.INCONCLUSIVE,
                    "fsflow's interval " + ratio + " excludes 1, but the difference is not significant once the "
                            + "false-discovery rate is controlled over the " + tested + " tested findings (q = "
                            + Numbers.sig(q) + ")",
                    direction);
        }
        boolean higher = i.ratio() > 1;
        if (higher != f.higher()) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.CONTRADICTED,
                    "fsflow measures " + f.numerator() + " " + (higher ? "higher" : "lower") + " than "
                            + f.denominator() + " (" + ratio + "); the source, " + (f.higher() ? "higher" : "lower"),
                    direction);
        }
        if (Double.isNaN(f.ratio())) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.REPRODUCED,
                    "same direction as the source states (" + ratio + ")",
                    "direction");
        }
        if (d.triage().kind() == FindingClass.EMULATED) {
            return verdict(
                    d,
                    q,
                    Verdict.Outcome.REPRODUCED,
                    "same direction as the source (" + ratio + "); an emulated guest's size is not judged",
                    "direction (emulated: size not judged)");
        }
        return sized(d, q, direction);
    }

    // same direction, significant: fsflow's ratio over the source's, its interval against [1/t, t]
    private static Verdict sized(VerdictDraft d, double q, String test) {
        Finding f = d.finding();
        double t = f.tolerance();
        Fieller.Interval rr =
                verdict(d, q, Verdict.Outcome.INCONCLUSIVE, "", test).ratioOfRatios();
        String of =
                "the ratio of ratios (fsflow's over the source's ×" + Numbers.sig(f.ratio()) + ") " + Ratios.text(rr);
        String band = "[" + Numbers.sig(1 / t) + ", " + Numbers.sig(t) + "] (tolerance ×" + Numbers.sig(t) + ")";
        if (rr.low() <= t && rr.high() >= 1 / t) {
            return verdict(d, q, Verdict.Outcome.REPRODUCED, "same direction; " + of + " reaches " + band, test);
        }
        return verdict(
                d,
                q,
                Verdict.Outcome.DIRECTION_ONLY,
                "same direction, but " + of + " lies outside " + band + ": the size of the effect did not reproduce",
                test);
    }

    /**
     * Neither side varies: fsflow's ratio against the source's within {@link Deterministic#TOLERANCE};
     * outside it, the direction decides (a source's tie, by its resolution, against a ratio of 1).
     */
    private static Verdict deterministic(VerdictDraft d, double q) {
        Finding f = d.finding();
        double t = Deterministic.TOLERANCE;
        double fsflow = d.interval().ratio();
        double source = Double.isNaN(f.ratio()) ? Double.NaN : f.ratio();
        String test = "deterministic: fsflow's ratio over the source's within ×" + Numbers.sig(t);
        String what = "neither side varies: fsflow's ratio ×" + Numbers.sig(fsflow) + " against the source's ";
        if (Double.isNaN(source)) {
            boolean same = (fsflow > 1) == f.higher() && fsflow != 1;
            return verdict(
                    d,
                    q,
                    same ? Verdict.Outcome.REPRODUCED : Verdict.Outcome.CONTRADICTED,
                    "neither side varies: fsflow's ratio ×" + Numbers.sig(fsflow)
                            + (same ? " is in the source's direction" : " is not in the source's direction"),
                    "deterministic: the direction");
        }
        double rr = fsflow / source;
        what += "×" + Numbers.sig(source) + ", a ratio of ratios ×" + Numbers.sig(rr);
        if (rr >= 1 / t && rr <= t) {
            return verdict(d, q, Verdict.Outcome.REPRODUCED, what + ", within ×" + Numbers.sig(t), test);
        }
        boolean sameSide = (fsflow - 1) * (source - 1) > 0;
        return verdict(
                d,
                q,
                sameSide ? Verdict.Outcome.DIRECTION_ONLY : Verdict.Outcome.CONTRADICTED,
                what + ", beyond ×" + Numbers.sig(t) + (sameSide ? ": the same direction, not the size" : ""),
                test);
    }

    /**
     * The source claims no direction: reproduced when fsflow's ratio is equivalent to 1 within the
     * margin (TOST at 5 %), contradicted when fsflow's difference is significant and its interval lies
     * wholly outside the margin, inconclusive otherwise.
     */
    private static Verdict tie(VerdictDraft d, double q) {
        Fieller.Interval i = d.interval();
        double m = Equivalence.MARGIN;
        double p = Equivalence.p(d.num().stats(), d.den().stats(), m);
        String margin = "[" + Numbers.sig(1 / m) + ", " + Numbers.sig(m) + "]";
        String test = "equivalence within " + margin + " (TOST p = " + Numbers.p(p) + ")";
        String source = "a tie in the source (" + d.tie().why() + "); fsflow's ratio " + Ratios.text(i);
        if (p < FalseDiscovery.RATE) {
            return verdict(d, q, Verdict.Outcome.REPRODUCED, source + " is equivalent to 1 within " + margin, test);
        }
        boolean significant = !Double.isNaN(q) && q <= FalseDiscovery.RATE;
        if (significant && (i.low() > m || i.high() < 1 / m)) {
            return verdict(d, q, Verdict.Outcome.CONTRADICTED, source + " differs from 1, beyond " + margin, test);
        }
        return verdict(
                d,
                q,
                Verdict.Outcome.INCONCLUSIVE,
                source + " is neither equivalent to 1 within " + margin + " nor significantly outside it",
                test);
    }

    static Verdict verdict(VerdictDraft d, double q, Verdict.Outcome outcome, String reason, String test) {
        return new Verdict(
                d.finding(),
                d.num(),
                d.den(),
                d.interval(),
                d.p(),
                q,
                outcome,
                reason + d.note(),
                d.triage(),
                d.tie(),
                test,
                null);
    }
}
