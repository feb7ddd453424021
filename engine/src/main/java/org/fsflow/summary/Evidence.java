package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Summary;

/**
 * What the method warnings judge: the stored results, the conditions they were measured under
 * and the per-dataset statistics, as the report shows them.
 *
 * @param results     every stored measurement
 * @param environment the conditions of the run
 * @param datasets    the per-dataset statistics
 */
public record Evidence(ResultSet results, RunEnvironment environment, List<DatasetSummary> datasets) {

    /**
     * The real-time statistics of one series, with where it is as a reader finds it.
     *
     * @param where {@code dataset/column/step} ({@code column/step} without a dataset)
     * @param stats its statistics
     */
    public record Timed(String where, Summary stats) {}

    /** Every measured real-time series, in report order: dataset, then step, then column. */
    public List<Timed> realTimes() {
        List<Timed> out = new ArrayList<>();
        for (DatasetSummary d : datasets) {
            String prefix = d.name().isEmpty() ? "" : d.name() + "/";
            for (MetricGrid.Row row : d.time(TimeFigure.REAL).rows()) {
                for (int c = 0; c < d.columns().size(); c++) {
                    Summary s = row.cells().get(c).stats();
                    if (s != null) {
                        out.add(new Timed(prefix + d.columns().get(c) + "/" + row.step(), s));
                    }
                }
            }
        }
        return out;
    }
}
