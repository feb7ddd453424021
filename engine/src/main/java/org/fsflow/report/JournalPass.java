package org.fsflow.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.safety.AtomicFile;

/**
 * The one pass over a run's journal that a report's statistics need, its {@link ResultSet} (a
 * series per step of a cell, no row that counts kept), and {@code results.csv} written meanwhile
 * on a second thread from the rows the pass parsed, handed over in batches (a conversion, not a
 * statistic: the other core encodes while this one parses and summarizes). A journal whose rows
 * carry tool figures ({@code metrics}) needs their keys for the CSV's header before its first row:
 * that CSV is written once the pass has found them all, from a second read of the journal. The CSV
 * replaces the old one only when the report is written ({@link #writeCsv}); closing the pass
 * without it leaves the old one.
 */
public final class JournalPass implements AutoCloseable {

    // rows per hand-over: a scheduler wake-up per batch, at most QUEUED batches parsed ahead
    private static final int BATCH = 256;
    private static final int QUEUED = 4;
    private static final List<Measurement> END = List.of();

    private final Path csv;
    private final BlockingQueue<List<Measurement>> queue = new ArrayBlockingQueue<>(QUEUED);
    private final CompletableFuture<SortedSet<String>> metricKeys = new CompletableFuture<>();
    private final CompletableFuture<Boolean> commit = new CompletableFuture<>();
    private final CompletableFuture<Path> written = new CompletableFuture<>();
    private List<Measurement> batch = new ArrayList<>(BATCH);
    private ResultSet results;
    private boolean ended; // the writer's: END taken

    private JournalPass(Path csv) {
        this.csv = csv;
    }

    /** Reads {@code dir}'s journal once, its CSV written meanwhile beside it. */
    public static JournalPass over(Path dir) {
        return over(dir, dir);
    }

    /** Reads {@code dir}'s journal once, its CSV written meanwhile into {@code into}. */
    public static JournalPass over(Path dir, Path into) {
        JournalPass pass = new JournalPass(into.resolve(ReportModelBuilder.CSV));
        Thread writer = new Thread(() -> pass.write(dir.resolve(Journal.FILE)), "fsflow-results-csv");
        writer.setDaemon(true);
        writer.start();
        try {
            pass.results = ResultSet.scan(dir, pass::handOver);
            pass.end();
            pass.metricKeys.complete(pass.results.metricKeys());
        } catch (RuntimeException | Error e) {
            pass.metricKeys.completeExceptionally(e);
            pass.queue.clear(); // the writer takes until END: it gets it at once
            pass.queue.offer(END);
            pass.close();
            throw e;
        }
        return pass;
    }

    private void handOver(Measurement m) {
        batch.add(m);
        if (batch.size() == BATCH) {
            put(batch);
            batch = new ArrayList<>(BATCH);
        }
    }

    private void end() {
        if (!batch.isEmpty()) {
            put(batch);
        }
        put(END);
    }

    private void put(List<Measurement> rows) {
        try {
            queue.put(rows);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the journal", e);
        }
    }

    private void write(Path journal) {
        try {
            AtomicFile.write(csv, ch -> {
                Writer out = writer(ch);
                if (!encode(out)) { // tool figures: their columns are known only at the journal's end
                    ch.truncate(0);
                    ch.position(0);
                    out = writer(ch);
                    CsvWriter.write(journal, metricKeys.join(), out);
                }
                out.flush();
                if (!commit.join()) {
                    throw new IOException("the report was not written");
                }
            });
            written.complete(csv);
        } catch (IOException | RuntimeException | Error e) {
            written.completeExceptionally(e);
        } finally {
            drain();
        }
    }

    // the rows handed over, encoded until one has tool figures; false then (the rest is drained)
    private boolean encode(Writer out) throws IOException {
        try (CsvWriter.Rows rows = new CsvWriter.Rows(List.of(), out)) {
            for (List<Measurement> b = take(); b != END; b = take()) {
                for (Measurement m : b) {
                    if (m.metrics() != null && !m.metrics().isEmpty()) {
                        drain();
                        return false;
                    }
                    rows.write(m);
                }
            }
        }
        return true;
    }

    // the pass never waits on a writer that stopped: it takes every batch, up to END, once
    private void drain() {
        while (!ended) {
            take();
        }
    }

    private List<Measurement> take() {
        try {
            List<Measurement> b = queue.take();
            ended = b == END;
            return b;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing " + csv, e);
        }
    }

    private static Writer writer(FileChannel ch) {
        return CsvWriter.utf8(ch);
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
