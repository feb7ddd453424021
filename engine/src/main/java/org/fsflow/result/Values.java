package org.fsflow.result;

import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * What consecutive rows of a journal repeat, read once: a cell equal to the previous row's (the
 * steps of one repetition of a cell follow each other) is that same map, so that the series a row
 * belongs to is found by identity ({@link ResultSet}) instead of by hashing its coordinates.
 */
final class Values {

    private Map<String, String> cell;

    /** {@code read}, or the previous row's cell when equal to it, axis by axis in the same order. */
    Map<String, String> cell(Map<String, String> read) {
        if (cell == null || cell.size() != read.size()) {
            cell = read;
            return read;
        }
        Iterator<Map.Entry<String, String>> before = cell.entrySet().iterator();
        for (Map.Entry<String, String> e : read.entrySet()) {
            Map.Entry<String, String> b = before.next();
            if (!e.getKey().equals(b.getKey()) || !Objects.equals(e.getValue(), b.getValue())) {
                cell = read;
                return read;
            }
        }
        return cell;
    }
}
