package org.fsflow.report;

import java.util.List;

/**
 * The report's section on crash cells, formatted: one row per filesystem and workload, every
 * violation with the command that replays its crash point, and the cells that could not run.
 *
 * @param present    true when the run had crash cells
 * @param classes    the class names, the columns of the counts
 * @param rows       one per cell
 * @param violations every crash point that broke a promise
 * @param failed     the cells that could not run
 * @param method     how the figures are computed, one paragraph
 * @param notes      what a cell's own log shows that changes how to read its row, one line each
 */
public record CrashSection(
        boolean present,
        List<String> classes,
        List<Row> rows,
        List<Violation> violations,
        List<Failed> failed,
        String method,
        List<String> notes) {

    /** No crash cells. */
    public static final CrashSection NONE =
            new CrashSection(false, List.of(), List.of(), List.of(), List.of(), "", List.of());

    /**
     * One cell.
     *
     * @param filesystem the filesystem
     * @param workload   the workload
     * @param kernel     the guest's kernel and how it ran
     * @param points     crash points (of the log's entries), and how many are marks and drawn
     * @param counts     points per class, as {@link #classes}
     * @param mountMedian median mount seconds [95 % interval]
     * @param mountP99   99th percentile [interval]
     * @param checkMedian median check seconds [interval]
     * @param checkP99   99th percentile [interval]
     * @param repairs    how many points needed the repair, and its median
     * @param lost       the expected loss: points, files, bytes
     */
    public record Row(
            String filesystem,
            String workload,
            String kernel,
            String points,
            List<Integer> counts,
            String mountMedian,
            String mountP99,
            String checkMedian,
            String checkP99,
            String repairs,
            String lost) {}

    /**
     * A crash point that broke a promise.
     *
     * @param filesystem the filesystem
     * @param workload   the workload
     * @param point      the log entry and the mark it is or follows
     * @param crashClass its class
     * @param files      the files it broke, with what happened to each
     * @param replay     the command that replays the log to that point, or why there is none
     */
    public record Violation(
            String filesystem, String workload, String point, String crashClass, String files, String replay) {}

    /**
     * A crash cell that could not run.
     *
     * @param cell   its id
     * @param reason why
     */
    public record Failed(String cell, String reason) {}
}
