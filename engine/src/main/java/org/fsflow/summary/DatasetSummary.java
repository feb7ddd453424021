package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.RunEnvironment.DatasetInfo;

/**
 * What one dataset's section of a report shows: a steps x columns table per time figure and
 * the device I/O per step. A column is a cell of the dataset (its axes other than the dataset).
 *
 * @param name    the dataset, "" for steps of cells without one
 * @param info    the dataset as generated, or null when the environment does not describe it
 * @param steps   the steps measured in it, in scenario order
 * @param columns the column labels ({@code xfs}, {@code xfs/4}, {@code all}), in matrix order
 * @param times   one table per {@link TimeFigure}, in that order; null for the services' two in
 *                runs that have none, and for the kernel's in runs that did not measure it
 * @param places  where each column was measured ({@code host kernel 6.18.4}, {@code guest kernel 6.1.0,
 *                TCG (emulated CPU)}), one per column; columns of one place are adjacent, the host's first
 * @param read    bytes read per step, unranked
 * @param written bytes written per step, unranked
 */
public record DatasetSummary(
        String name,
        DatasetInfo info,
        List<String> steps,
        List<String> columns,
        List<MetricGrid> times,
        List<String> places,
        MetricGrid read,
        MetricGrid written) {

    /** True when the columns were measured in more than one place (the host and a VM, or two VMs). */
    public boolean manyPlaces() {
        return places.stream().distinct().count() > 1;
    }

    /** The table of {@code figure}; null for a figure this run has none of (services, kernel threads). */
    public MetricGrid time(TimeFigure figure) {
        return figure.ordinal() < times.size() ? times.get(figure.ordinal()) : null;
    }

    /** The figures this summary has tables of, in report order. */
    public List<TimeFigure> figures() {
        return java.util.Arrays.stream(TimeFigure.values())
                .filter(f -> time(f) != null)
                .toList();
    }
}
