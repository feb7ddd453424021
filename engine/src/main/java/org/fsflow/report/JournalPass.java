package org.fsflow.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.fsflow.result.Journal;
import org.fsflow.result.ResultSet;
import org.fsflow.safety.AtomicFile;

/**
 * The one pass over a run's journal that a report's statistics need, its {@link ResultSet} (a
 * series per step of a cell, no row that counts kept), and {@code results.csv} written meanwhile
 * on a second thread that reads the journal again (a conversion, not a statistic: the other core
 * writes it while this one summarizes and renders). The CSV replaces the old one only when the
 * report is written ({@link #writeCsv}); closing the pass without it leaves the old one.
 */
public final class JournalPass implements AutoCloseable {

    private final ResultSet results;
    private final Path csv;
    private final CompletableFuture<Boolean> commit = new CompletableFuture<>();
    private final CompletableFuture<Path> written = new CompletableFuture<>();

    private JournalPass(ResultSet results, Path csv) {
        this.results = results;
        this.csv = csv;
    }

    /** Reads {@code dir}'s journal once, then starts writing its CSV. */
    public static JournalPass over(Path dir) {
        JournalPass pass = new JournalPass(ResultSet.scan(dir, m -> {}), dir.resolve(ReportModelBuilder.CSV));
        Thread writer = new Thread(() -> pass.write(dir.resolve(Journal.FILE)), "fsflow-results-csv");
        writer.setDaemon(true);
        writer.start();
        return pass;
    }

    private void write(Path journal) {
        try {
            AtomicFile.write(csv, ch -> {
                Writer out = new BufferedWriter(Channels.newWriter(ch, StandardCharsets.UTF_8), 1 << 16);
                CsvWriter.write(journal, results.metricKeys(), out);
                out.flush();
                if (!commit.join()) {
                    throw new IOException("the report was not written");
                }
            });
            written.complete(csv);
        } catch (IOException | RuntimeException | Error e) {
            written.completeExceptionally(e);
        }
    }

    /** The results, by series. */
    public ResultSet results() {
        return results;
    }

    /** Lets {@code results.csv} replace the old one and waits for it; returns its path. */
    Path writeCsv() {
        commit.complete(true);
        try {
            return written.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing " + csv, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw new UncheckedIOException("cannot write " + csv, io);
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("cannot write " + csv, e.getCause());
        }
    }

    @Override
    public void close() {
        if (commit.complete(false)) {
            written.handle((path, failure) -> path).join();
        }
    }
}
