package org.fsflow.summary;

import org.fsflow.plan.Cell;

/**
 * The skipped steps of one cell that share a reason.
 *
 * @param cell   the cell
 * @param reason why they were skipped
 * @param steps  how many (steps times repetitions)
 */
public record SkippedCell(Cell cell, String reason, int steps) {

    /** The cell as reports name it: its id, or "all" without a matrix. */
    public String label() {
        return cell.id().isEmpty() ? "all" : cell.id();
    }
}
