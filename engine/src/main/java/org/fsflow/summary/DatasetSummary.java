package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.RunCampaign.DatasetInfo;

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
 * @param traffic the step's bytes told apart, unranked, by figure ({@code vfs_read_bytes} ...;
 *                see {@link #TRAFFIC}); empty for a run that did not measure them
 * @param overTime the time series to draw, steps in order, then columns; empty when none was kept
 */
public record DatasetSummary(
        String name,
        DatasetInfo info,
        List<String> steps,
        List<String> columns,
        List<MetricGrid> times,
        List<String> places,
        MetricGrid read,
        MetricGrid written,
        java.util.Map<String, MetricGrid> traffic,
        List<OverTime> overTime) {

    /**
     * The time series a report draws of one step in one column: that of its repetition of median
     * real time among those that have one.
     *
     * @param step   the step
     * @param column the column ({@code xfs})
     * @param row    the repetition's measurement, with its {@code samples}
     */
    public record OverTime(String step, String column, org.fsflow.result.Measurement row) {}

    /** The figures of {@link #traffic}, in the order a report shows them. */
    public static final List<String> TRAFFIC = List.of(
            "vfs_read_bytes", "vfs_write_bytes", "storage_read_bytes", "storage_write_bytes", "dirty_end_bytes");

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
