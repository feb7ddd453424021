package org.fsflow.summary;

import org.fsflow.result.Fieller;
import org.fsflow.result.Sensitivity;
import org.fsflow.result.Summary;
import org.fsflow.scenario.Finding;

/**
 * What a run says of one finding of its source: fsflow's ratio of the two sides' means with its
 * 95 % Fieller interval, its q-value over every finding of the report (Benjamini-Hochberg), and
 * the verdict with the reason for it.
 *
 * @param finding     the finding, as the source section states it
 * @param numerator   fsflow's side of the finding's numerator
 * @param denominator fsflow's side of its denominator
 * @param interval    numerator mean / denominator mean with its interval, null when not computed
 * @param p           Welch's two-sided p-value of the two sides, NaN when not computed
 * @param q           its Benjamini-Hochberg q-value over the report's findings, NaN likewise
 * @param outcome     the verdict
 * @param reason      why, one sentence
 * @param triage      the finding's class (testable, era-bound, below-resolution, emulated) and why
 * @param tie         whether the source claims a direction or a tie, and why
 * @param test        the test applied with its tolerance or margin, as printed beside the verdict
 * @param power       what the run could detect at 80 % power, at the level the false-discovery
 *                    control used, null when not tested or nothing is left to chance
 */
public record Verdict(
        Finding finding,
        Side numerator,
        Side denominator,
        Fieller.Interval interval,
        double p,
        double q,
        Outcome outcome,
        String reason,
        Triage triage,
        SourceTie tie,
        String test,
        Sensitivity power) {

    /** This verdict with {@code power}, its reason {@code reason}. */
    public Verdict with(Sensitivity power, String reason) {
        return new Verdict(finding, numerator, denominator, interval, p, q, outcome, reason, triage, tie, test, power);
    }

    /** The four verdicts. */
    public enum Outcome {
        /** Same direction, significant, and the source's ratio within the band around fsflow's interval. */
        REPRODUCED("reproduced"),
        /**
         * Same direction and significant, but the source's ratio lies outside the band: the effect
         * exists here, its size does not reproduce.
         */
        DIRECTION_ONLY("direction only"),
        /** Significant, the other way round: fsflow's interval excludes 1 on the other side. */
        CONTRADICTED("contradicted"),
        /** The run cannot tell (the interval includes 1, too few repetitions, a cell missing ...). */
        INCONCLUSIVE("inconclusive");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** The word reports and verdicts.json print. */
        public String label() {
            return label;
        }
    }

    /**
     * One side of a finding as the run measured it.
     *
     * @param name    the filesystem (or, for a finding between steps, the step) as the finding names it
     * @param cell    the run's cell id ({@code test3/xfs}), null when the run has no such cell
     * @param step    the step
     * @param place   where it ran ({@code host}, {@code VM 6.1.0-57-amd64 (tcg)}), null when unknown
     * @param stats   the statistics of the metric over the counted repetitions, null when none
     * @param runs    repetitions stored (warm-ups aside)
     * @param failed  of which failed or timed out
     * @param skipped of which skipped
     * @param tooFast true when bonnie++ printed +++++ for this test (no value)
     * @param artifact what the summary's rules say explains the series' figures (a clone, a write
     *                 left in the page cache), null when nothing
     * @param scale    the {@code --scale} its cells ran at (its rows' {@code scale}, else the run's),
     *                 null when nothing ran
     */
    public record Side(
            String name,
            String cell,
            String step,
            String place,
            Summary stats,
            int runs,
            int failed,
            int skipped,
            boolean tooFast,
            String artifact,
            Double scale) {}

    /** The ratio the source states or implies, NaN for a direction-only claim. */
    public double sourceRatio() {
        return finding.ratio();
    }

    /**
     * fsflow's ratio over the source's, with the interval of fsflow's ratio over the source's: what
     * the tolerance is compared with; null without a bounded interval or a stated ratio.
     */
    public Fieller.Interval ratioOfRatios() {
        if (interval == null || !interval.bounded() || Double.isNaN(finding.ratio())) {
            return null;
        }
        double r = finding.ratio();
        return new Fieller.Interval(interval.ratio() / r, interval.low() / r, interval.high() / r);
    }
}
