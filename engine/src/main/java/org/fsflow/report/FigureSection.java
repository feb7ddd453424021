package org.fsflow.report;

import java.util.List;
import org.fsflow.report.ReportModel.Cell;
import org.fsflow.report.ReportModel.ColumnGroup;

/**
 * The report's section of the tools' parsed figures (fio, dd, a scenario's own ...), formatted:
 * per step and group of figures (a fio job and direction), a figures x columns table.
 *
 * @param tables one per (dataset, step, group); empty when no step parsed figures
 * @param method how the cells are computed and ranked, one paragraph
 */
public record FigureSection(List<Table> tables, String method) {

    /**
     * One table.
     *
     * @param title   {@code step fio-randwrite: job randwrite4k, write} and the dataset, if any
     * @param anchor  an HTML id
     * @param columns the column labels
     * @param groups  the columns' places, empty when every column was measured in one place
     * @param rows    one per figure
     */
    public record Table(String title, String anchor, List<String> columns, List<ColumnGroup> groups, List<Row> rows) {}

    /**
     * One figure: its {@code figure} name (its results.jsonl key without the table's group), the
     * {@code unit} its cells are shown in, how its repetitions are {@code combined} ("mean ± 95 %
     * CI" or "median [95 % CI]"), its {@code meaning} (one line) and one {@code cells} per column,
     * whose {@code text} is "mean ± half-width" or "median [low, high]".
     */
    public record Row(String figure, String key, String unit, String combined, String meaning, List<Cell> cells) {}
}
