package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;

/**
 * The summarize stage's output, everything a report shows, computed once: statistics per dataset,
 * bonnie++ tables, capacity, what was skipped or failed and the method warnings. Renderers only
 * format and lay it out.
 *
 * @param environment the conditions of the run
 * @param results     every stored measurement
 * @param datasets    one per dataset that has measurements, in scenario order
 * @param bonnie      one per (dataset, step) with bonnie++ figures
 * @param capacity    one per column with a capacity measurement
 * @param skipped     skipped steps grouped by cell and reason
 * @param failed      the failed and timed-out measurements, in journal order
 * @param warnings    the method warnings, one sentence each, in {@link WarningRules#ALL} order
 * @param verdicts    the verdicts of the source's findings, null when the run has none
 * @param controls    per place other than the host with control cells, whether it ranks them like the host
 * @param aging       the aging penalty of the aged cells
 * @param figures     the tools' parsed figures other than bonnie++'s and capacity's, one table per
 *                    (dataset, step, group of figures)
 * @param time        where the run's wall time went, per place ({@link TimeSpent#NONE} without rows)
 */
public record RunSummary(
        RunEnvironment environment,
        ResultSet results,
        List<DatasetSummary> datasets,
        List<BonnieTable> bonnie,
        List<CapacityRow> capacity,
        List<SkippedCell> skipped,
        List<Measurement> failed,
        List<String> warnings,
        VerdictTable verdicts,
        List<ControlAgreement> controls,
        AgingPenalties.Aging aging,
        List<FigureTable> figures,
        TimeSpent time) {

    /** This summary with {@code more} warnings after its own. */
    public RunSummary withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new RunSummary(
                environment,
                results,
                datasets,
                bonnie,
                capacity,
                skipped,
                failed,
                List.copyOf(all),
                verdicts,
                controls,
                aging,
                figures,
                time);
    }
}
