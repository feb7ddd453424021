package org.fsflow.result;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fsflow.plan.Cell;
import org.fsflow.scenario.Matrix;

/**
 * The stored measurements of one run, keyed by what they measured: cell, step and repetition,
 * taken from each measurement's own fields (never parsed back out of a node id). The summarize
 * stage, the reports and run comparisons read a run through it. Built in one pass over the
 * journal, a {@link Series} per step of a cell; a report's result set ({@link #scan}) keeps no row
 * that counts in statistics, so its memory does not grow with the repetitions beyond 16 bytes a
 * row; comparisons and tests keep every row ({@link #load}, {@link #of}).
 */
public final class ResultSet {

    private final List<Measurement> kept;
    private final Path journal;
    private final List<JournalReader.Unreadable> unreadable = new java.util.ArrayList<>();
    private final Map<SeriesKey, Series> bySeries = new LinkedHashMap<>();
    // while reading: each cell's coordinates (as rows spell them) to its series by step
    private final Map<Map<String, String>, Map<String, Series>> cells = new HashMap<>();
    private final List<Measurement> uncounted = new ArrayList<>();
    private final List<Long> uncountedIds = new ArrayList<>();
    private final CrashResults crash = new CrashResults();
    private final StepTimes stepTimes = new StepTimes();
    private int size;
    private Map<String, String> lastCell;
    private Map<String, Series> lastSteps;
    private Map<Cell, Measurement> firstByCell; // made at its first use, once every row is in
    private final Map<SeriesKey, Cell> cellBefore = new HashMap<>();
    private Measurement previous; // the row stored last, but for crash rows

    private ResultSet(List<Measurement> kept, Path journal) {
        this.kept = kept;
        this.journal = journal;
    }

    /** The results of the run directory {@code dir} (its {@code results.jsonl}; none if absent), every row kept. */
    public static ResultSet load(Path dir) {
        return of(Journal.read(dir.resolve(Journal.FILE)));
    }

    /**
     * The results of {@code dir} in one pass over its journal, keeping no row that counts in
     * statistics; {@code each} sees every row too, in journal order (the CSV is written that way).
     */
    public static ResultSet scan(Path dir, Consumer<Measurement> each) {
        Path file = dir.resolve(Journal.FILE);
        ResultSet out = new ResultSet(null, file);
        JournalReader.scan(
                file,
                (m, offset) -> {
                    out.add(m, offset);
                    each.accept(m);
                },
                out.unreadable);
        return out;
    }

    /**
     * The lines of the journal that are not measurements, skipped by {@link #scan} (which a report
     * names); empty for the other result sets, whose reading refuses such a line.
     */
    public List<JournalReader.Unreadable> unreadable() {
        return List.copyOf(unreadable);
    }

    /** The results made of {@code measurements}, in that order, every row kept. */
    public static ResultSet of(List<Measurement> measurements) {
        ResultSet out = new ResultSet(List.copyOf(measurements), null);
        for (int i = 0; i < out.kept.size(); i++) {
            out.add(out.kept.get(i), i);
        }
        return out;
    }

    private void add(Measurement m, long id) {
        size++;
        stepTimes.add(m);
        if (CrashResults.isCrashRow(m)) {
            crash.add(m);
            return;
        }
        Map<String, Series> steps = m.cell() != null && m.cell() == lastCell ? lastSteps : steps(m);
        Series s = steps.get(m.step());
        if (s == null) {
            s = new Series(keyOf(m), kept != null);
            steps.put(m.step(), s);
            bySeries.put(s.key(), s);
            Cell before = previous == null ? null : cellOf(previous);
            if (before != null && !before.equals(s.key().cell())) {
                cellBefore.put(s.key(), before);
            }
        }
        previous = m;
        s.add(m, id);
        if (!m.counted()) {
            uncounted.add(m);
            uncountedIds.add(id);
        }
    }

    // the series by step of m's cell; the cell is remembered: the journal's next rows share its map
    private Map<String, Series> steps(Measurement m) {
        Map<String, Series> steps = cells.get(m.cell() != null ? m.cell() : coordinates(m));
        if (steps == null) {
            steps = new HashMap<>();
            cells.put(coordinates(m), steps);
        }
        lastCell = m.cell();
        lastSteps = steps;
        return steps;
    }

    /** Every measurement, in journal order: only a result set that keeps its rows ({@link #load}, {@link #of}) has them. */
    public List<Measurement> measurements() {
        if (kept == null) {
            throw new IllegalStateException("the rows of " + journal + " were not kept (ResultSet.scan)");
        }
        return kept;
    }

    /** The measurement whose id is {@code id} (a {@link Series#realIds} entry). */
    public Measurement row(long id) {
        return kept != null ? kept.get((int) id) : JournalReader.readAt(journal, id);
    }

    /** The rows of the run's crash cells, kept apart from the steps' series. */
    public CrashResults crash() {
        return crash;
    }

    /** The measured time of every row, per place, and when the last row ended. */
    public StepTimes stepTimes() {
        return stepTimes;
    }

    /** The number of measurements. */
    public int size() {
        return size;
    }

    /** The measurements that do not count in statistics (failed, timed out, skipped, warm-up), in journal order. */
    public List<Measurement> uncounted() {
        return uncounted;
    }

    /** Every metrics key of every row, sorted: the {@code metric.NAME} columns of results.csv. */
    public java.util.SortedSet<String> metricKeys() {
        java.util.TreeSet<String> out = new java.util.TreeSet<>();
        bySeries.values().forEach(s -> out.addAll(s.metricKeys()));
        uncounted.stream()
                .filter(m -> m.metrics() != null)
                .forEach(m -> out.addAll(m.metrics().keySet()));
        return out;
    }

    /** The ids ({@link #row}) of {@link #uncounted}, in the same order. */
    public List<Long> uncountedIds() {
        return uncountedIds;
    }

    /** Every series (one step of one cell), in the order their first measurement was stored. */
    public List<Series> series() {
        return new ArrayList<>(bySeries.values());
    }

    /** The series of {@code step} in {@code cell}, empty when nothing of it was stored. */
    public Series series(Cell cell, String step) {
        SeriesKey key = new SeriesKey(cell, step);
        Series s = bySeries.get(key);
        return s != null ? s : new Series(key, List.of());
    }

    /** The first row of {@code cell}'s first series (any status), or null when the cell has none. */
    public Measurement first(Cell cell) {
        if (firstByCell == null) {
            firstByCell = new HashMap<>();
            bySeries.values().forEach(s -> firstByCell.putIfAbsent(s.key().cell(), s.first()));
        }
        return firstByCell.get(cell);
    }

    /**
     * The cell of the row stored just before the first row of the series {@code key}, or null when
     * that row is the journal's first or the row before it belongs to the same cell: a series whose
     * first repetition followed another cell's steps.
     */
    public Cell cellBefore(SeriesKey key) {
        return cellBefore.get(key);
    }

    /** The cells that have measurements, in the order of their first one. */
    public List<Cell> cells() {
        LinkedHashSet<Cell> out = new LinkedHashSet<>();
        bySeries.keySet().forEach(k -> out.add(k.cell()));
        return new ArrayList<>(out);
    }

    /** The measurement of repetition {@code repeat} of {@code step} in {@code cell}, or null (rows kept only). */
    public Measurement get(Cell cell, int repeat, String step) {
        return series(cell, step).rows().stream()
                .filter(m -> m.repeat() == repeat)
                .reduce((first, later) -> later)
                .orElse(null);
    }

    /** The series a measurement belongs to. */
    public static SeriesKey keyOf(Measurement m) {
        return new SeriesKey(cellOf(m), m.step());
    }

    /**
     * The cell of a measurement, from its {@code cell} coordinates (or, in journals without them,
     * its dataset and filesystem fields): the id is the values joined in axis order, as planned.
     */
    public static Cell cellOf(Measurement m) {
        Map<String, String> coordinates = coordinates(m);
        return new Cell(String.join("/", coordinates.values()), coordinates);
    }

    private static Map<String, String> coordinates(Measurement m) {
        Map<String, String> coordinates = new LinkedHashMap<>();
        if (m.cell() != null) {
            coordinates.putAll(m.cell());
        } else {
            if (m.dataset() != null) {
                coordinates.put(Matrix.DATASET, m.dataset());
            }
            if (m.filesystem() != null) {
                coordinates.put(Matrix.FILESYSTEM, m.filesystem());
            }
        }
        return coordinates;
    }
}
