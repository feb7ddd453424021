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
     * @param place   where it was measured, as {@link DatasetSummary#places} names it
     */
    public record Line(String column, int runs, List<Figure> figures, String place) {

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
     * @param tooFastRuns how many runs were too fast for bonnie++ to measure ("+++++": the test took
     *                    under 0.5 s, the file too small for this RAM): kept out of {@code rate} and {@code cpu}
     */
    public record Figure(BonnieTest test, Summary rate, Summary cpu, Summary latency, int tooFastRuns) {

        /** Whether any run was too fast to measure. */
        public boolean tooFast() {
            return tooFastRuns > 0;
        }
    }
}
