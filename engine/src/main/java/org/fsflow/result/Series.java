package org.fsflow.result;

import java.util.List;
import java.util.Objects;

/**
 * Every measurement of one step of one cell, in journal order: its repetitions, whatever their
 * status. Statistics take only the successful ones.
 *
 * @param key  the cell and step
 * @param rows the measurements, in the order they were stored
 */
public record Series(SeriesKey key, List<Measurement> rows) {

    /** A series of {@code rows}, kept as given. */
    public Series {
        rows = List.copyOf(rows);
    }

    /** The measurements that count: successful, warm-up repetitions left out. */
    public List<Measurement> ok() {
        return rows.stream().filter(Measurement::counted).toList();
    }

    /** {@code metric} of every successful repetition that has it, in repetition order. */
    public double[] values(Metric metric) {
        return ok().stream()
                .map(metric::of)
                .filter(Objects::nonNull)
                .filter(v -> !v.isNaN())
                .mapToDouble(Double::doubleValue)
                .toArray();
    }

    /** The statistics of {@link #values}, or null when no repetition has the figure. */
    public Summary summary(Metric metric) {
        double[] v = values(metric);
        return v.length == 0 ? null : Summary.of(v);
    }
}
