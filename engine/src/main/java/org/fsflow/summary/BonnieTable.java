package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Summary;

/**
 * The bonnie++ figures of one step of one dataset, one line per column (filesystem), laid out
 * like {@code bon_csv2html}.
 *
 * @param dataset the dataset, "" for none
 * @param step    the step that ran bonnie++
 * @param columns the column labels, in matrix order
 * @param tests   the tests that any line has, in bonnie++ order
 * @param lines   one per column
 */
public record BonnieTable(String dataset, String step, List<String> columns, List<BonnieTest> tests, List<Line> lines) {

    /**
     * One column's figures.
     *
     * @param column  the column label
     * @param runs    how many successful runs
     * @param figures one per test of the table, in the same order
     */
    public record Line(String column, int runs, List<Figure> figures) {

        /** The figure of {@code test}, or null when the table does not show it. */
        public Figure figure(BonnieTest test) {
            return figures.stream().filter(f -> f.test() == test).findFirst().orElse(null);
        }
    }

    /**
     * One test of one column over its runs.
     *
     * @param test    the test
     * @param rate    its rate (K/sec or /sec), or null
     * @param cpu     its CPU percent, or null
     * @param latency its latency in microseconds, or null
     * @param tooFast whether a run was too fast for bonnie++ to measure it ("+++++")
     */
    public record Figure(BonnieTest test, Summary rate, Summary cpu, Summary latency, boolean tooFast) {}
}
