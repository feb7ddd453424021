package org.fsflow.result;

import java.util.Arrays;

/**
 * The values of one figure of a series, one per repetition that has it, each with the id of its
 * row ({@link ResultSet#row}): what order statistics (median, outliers) need, and nothing else.
 * A growing pair of primitive arrays: 16 bytes a value, no object per value.
 */
final class Samples {

    private double[] values = new double[4];
    private long[] ids = new long[4];
    private int size;

    void add(double value, long id) {
        if (size == values.length) {
            int grown = size + (size >> 1) + 1;
            values = Arrays.copyOf(values, grown);
            ids = Arrays.copyOf(ids, grown);
        }
        values[size] = value;
        ids[size] = id;
        size++;
    }

    void addAll(Samples other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i], other.ids[i]);
        }
    }

    int size() {
        return size;
    }

    double[] values() {
        return Arrays.copyOf(values, size);
    }

    long[] ids() {
        return Arrays.copyOf(ids, size);
    }

    /** The id of the median value (the lower of the two middle ones; ties by id), or -1 when empty. */
    long medianId() {
        if (size == 0) {
            return -1;
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order,
                (a, b) -> values[a] != values[b] ? Double.compare(values[a], values[b]) : Long.compare(ids[a], ids[b]));
        return ids[order[(size - 1) / 2]];
    }
}
