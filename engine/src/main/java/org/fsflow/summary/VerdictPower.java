package org.fsflow.summary;

import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Sensitivity;

/**
 * Adds to a tested verdict what its run could detect ({@link Sensitivity}, at the level the
 * false-discovery control used over the report's findings), and to an inconclusive one whether
 * more repetitions would decide it or its effect is below the machine's noise floor. What decides
 * a finding: for a direction, the observed ratio's distance from 1 (two-sided, at that level); for
 * a tie in the source, the distance from the observed ratio to the equivalence margin, inside it by
 * the one-sided tests of TOST at 5 %, outside it by a two-sided test at that level.
 */
final class VerdictPower {

    /** What the tests of an untested verdict say, where nothing is attached. */
    static final String NOT_TESTED = "not tested";

    private VerdictPower() {}

    static Verdict attach(Verdict v, double level) {
        if (v.interval() == null
                || NOT_TESTED.equals(v.test())
                || v.numerator().stats() == null
                || v.denominator().stats() == null) {
            return v;
        }
        double ratio = v.interval().ratio();
        Sensitivity s = Sensitivity.of(v.numerator().stats(), v.denominator().stats(), level, target(v, level));
        if (s == null) {
            return v;
        }
        String reason = v.outcome() == Verdict.Outcome.INCONCLUSIVE
                ? v.reason() + "; " + PowerText.undecided(s, ratio)
                : v.reason();
        return v.with(s, reason);
    }

    private static Sensitivity.Target target(Verdict v, double level) {
        double distance = Math.abs(Math.log(v.interval().ratio()));
        if (!v.tie().tie()) {
            return new Sensitivity.Target(distance, level, true);
        }
        double margin = Math.log(Equivalence.MARGIN);
        return distance < margin
                ? new Sensitivity.Target(margin - distance, FalseDiscovery.RATE, false)
                : new Sensitivity.Target(distance - margin, level, true);
    }
}
