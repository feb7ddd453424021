package org.fsflow.result;

import org.fsflow.plan.Cell;

/**
 * What one series of measurements is of: one step of one cell (dataset, filesystem and any other
 * axes), over its repetitions. Built from a measurement's own fields, never from its node id.
 *
 * @param cell the cell, every axis with its value
 * @param step the step name
 */
public record SeriesKey(Cell cell, String step) {

    /** The cell's dataset, or null without a dataset axis. */
    public String dataset() {
        return cell.dataset();
    }

    /** The cell's filesystem, or null without a filesystem axis. */
    public String filesystem() {
        return cell.filesystem();
    }
}
