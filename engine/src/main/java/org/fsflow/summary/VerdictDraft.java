package org.fsflow.summary;

import org.fsflow.result.Fieller;
import org.fsflow.scenario.Finding;

/**
 * A finding with its sides and statistics, before the q-values.
 *
 * @param finding    the finding
 * @param num        its numerator's side
 * @param den        its denominator's side
 * @param interval   fsflow's ratio with its Fieller interval, null when not computed
 * @param p          Welch's p-value, NaN when not tested
 * @param untestable why it cannot be tested, null when it can
 * @param triage     its class
 * @param tie        what the source claims: a direction or a tie
 * @param note       what the verdict's reason adds (the launch floor's bounds), "" when nothing
 */
record VerdictDraft(
        Finding finding,
        Verdict.Side num,
        Verdict.Side den,
        Fieller.Interval interval,
        double p,
        String untestable,
        Triage triage,
        SourceTie tie,
        String note) {}
