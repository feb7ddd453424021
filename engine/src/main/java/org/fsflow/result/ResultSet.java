package org.fsflow.result;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.fsflow.plan.Cell;
import org.fsflow.scenario.Matrix;

/**
 * The stored measurements of one run, keyed by what they measured: cell, step and repetition,
 * taken from each measurement's own fields (never parsed back out of a node id). The summarize
 * stage, the reports and run comparisons read a run through it.
 */
public final class ResultSet {

    private final List<Measurement> measurements;
    private final Map<SeriesKey, List<Measurement>> bySeries = new LinkedHashMap<>();

    private ResultSet(List<Measurement> measurements) {
        this.measurements = List.copyOf(measurements);
        for (Measurement m : this.measurements) {
            bySeries.computeIfAbsent(keyOf(m), k -> new ArrayList<>()).add(m);
        }
    }

    /** The results of the run directory {@code dir} (its {@code results.jsonl}; none if absent). */
    public static ResultSet load(Path dir) {
        return of(Journal.read(dir.resolve(Journal.FILE)));
    }

    /** The results made of {@code measurements}, in that order. */
    public static ResultSet of(List<Measurement> measurements) {
        return new ResultSet(measurements);
    }

    /** Every measurement, in journal order. */
    public List<Measurement> measurements() {
        return measurements;
    }

    /** The number of measurements. */
    public int size() {
        return measurements.size();
    }

    /** Every series (one step of one cell), in the order their first measurement was stored. */
    public List<Series> series() {
        List<Series> out = new ArrayList<>();
        bySeries.forEach((key, rows) -> out.add(new Series(key, rows)));
        return out;
    }

    /** The series of {@code step} in {@code cell}, empty when nothing of it was stored. */
    public Series series(Cell cell, String step) {
        SeriesKey key = new SeriesKey(cell, step);
        return new Series(key, bySeries.getOrDefault(key, List.of()));
    }

    /** The cells that have measurements, in the order of their first one. */
    public List<Cell> cells() {
        LinkedHashSet<Cell> out = new LinkedHashSet<>();
        bySeries.keySet().forEach(k -> out.add(k.cell()));
        return new ArrayList<>(out);
    }

    /** The measurement of repetition {@code repeat} of {@code step} in {@code cell}, or null. */
    public Measurement get(Cell cell, int repeat, String step) {
        return bySeries.getOrDefault(new SeriesKey(cell, step), List.of()).stream()
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
        return new Cell(String.join("/", coordinates.values()), coordinates);
    }
}
