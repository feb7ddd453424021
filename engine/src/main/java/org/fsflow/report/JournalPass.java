package org.fsflow.report;

import java.nio.file.Path;
import org.fsflow.result.ResultSet;

/**
 * The one pass over a run's journal that a report needs: its {@link ResultSet} (a series per step
 * of a cell, no row that counts kept) and the rows of {@code results.csv}, spooled beside it until
 * the report is written. Close it to remove the spool.
 */
public final class JournalPass implements AutoCloseable {

    private final ResultSet results;
    private final CsvSpool csv;

    private JournalPass(ResultSet results, CsvSpool csv) {
        this.results = results;
        this.csv = csv;
    }

    /** Reads {@code dir}'s journal once. */
    public static JournalPass over(Path dir) {
        CsvSpool csv = new CsvSpool(dir);
        try {
            return new JournalPass(ResultSet.scan(dir, csv), csv);
        } catch (RuntimeException e) {
            csv.close();
            throw e;
        }
    }

    /** The results, by series. */
    public ResultSet results() {
        return results;
    }

    /** Writes {@code results.csv} as {@code file}. */
    Path writeCsv(Path file) {
        return csv.writeTo(file);
    }

    @Override
    public void close() {
        csv.close();
    }
}
