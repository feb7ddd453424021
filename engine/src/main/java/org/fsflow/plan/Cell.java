package org.fsflow.plan;

import java.util.Map;
import org.fsflow.scenario.Matrix;

/**
 * One combination of the matrix's axis values, such as dataset=test3, filesystem=xfs.
 *
 * @param id          the values joined with '/', in axis order ({@code test3/xfs}); "" for no matrix
 * @param coordinates axis name to value, in axis order
 */
public record Cell(String id, Map<String, String> coordinates) {

    /** The cell's dataset, or null without a dataset axis. */
    public String dataset() {
        return coordinates.get(Matrix.DATASET);
    }

    /** The cell's filesystem, or null without a filesystem axis. */
    public String filesystem() {
        return coordinates.get(Matrix.FILESYSTEM);
    }

    /** The id of repetition {@code repeat} of this cell's step {@code step}: {@code test3/xfs/r2/copy-in}. */
    public String nodeId(int repeat, String step) {
        return (id.isEmpty() ? "" : id + "/") + "r" + repeat + "/" + step;
    }
}
