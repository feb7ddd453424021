package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Metric;

/**
 * One figure of one dataset as a steps x columns table: the rows follow the dataset's steps and
 * every row has one cell per column of the dataset.
 *
 * @param metric the figure
 * @param rows   one per step
 */
public record MetricGrid(Metric metric, List<Row> rows) {

    /**
     * One step's row.
     *
     * @param step  the step name
     * @param cells one per column
     */
    public record Row(String step, List<Ranked> cells) {}
}
