package org.fsflow.summary;

import org.fsflow.result.Summary;
import org.fsflow.result.Welch;
import org.fsflow.scenario.Finding;

/**
 * Whether the source's own figures claim a direction or a tie. In order: a stated ratio of 1 is a
 * tie; where the source has repetitions of both figures ({@link SourceRuns}), its own Welch test
 * decides (p &gt; 0.05: a tie); two figures that differ by no more than the source resolved
 * ({@link Resolution}) are a tie; a single reading's spread is unknown, so two figures within the
 * equivalence margin of each other ({@link Equivalence#MARGIN}) are a tie too.
 *
 * @param tie true when the source claims no direction
 * @param why the rule that decided, with its figures; "" for a direction no rule questions
 */
public record SourceTie(boolean tie, String why) {

    /** What the source of {@code f} claims, its repetitions in {@code runs}. */
    static SourceTie of(Finding f, SourceRuns runs) {
        if (f.equal()) {
            return new SourceTie(true, "the source states the sides are equal");
        }
        Finding.Figures x = f.figures();
        if (x == null) {
            return new SourceTie(false, "");
        }
        double[] a = runs.values(x.numeratorAt());
        double[] b = runs.values(x.denominatorAt());
        if (a.length >= 2 && b.length >= 2) {
            double p = Welch.pValue(Summary.of(b), Summary.of(a));
            String own = "the source's own " + a.length + " and " + b.length + " runs (Welch p = " + Numbers.p(p) + ")";
            return p > Summary.ALPHA
                    ? new SourceTie(true, own + " do not tell the sides apart")
                    : new SourceTie(false, own + " tell the sides apart");
        }
        double difference = Math.abs(x.numerator() - x.denominator());
        double resolution = Resolution.ofFigures(f);
        if (resolution > 0 && difference <= resolution + 1e-9) {
            return new SourceTie(
                    true,
                    "the source's figures differ by " + Numbers.sig(difference) + ", within what it resolved ("
                            + Numbers.sig(resolution) + ")");
        }
        double r = f.ratio();
        if (r >= 1 / Equivalence.MARGIN && r <= Equivalence.MARGIN) {
            return new SourceTie(
                    true,
                    "the source's figures differ by ×" + Numbers.sig(r) + ", within the equivalence margin ×"
                            + Numbers.sig(Equivalence.MARGIN) + " (one reading each: its spread is unknown)");
        }
        return new SourceTie(false, "");
    }
}
