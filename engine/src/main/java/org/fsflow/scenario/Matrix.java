package org.fsflow.scenario;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;

/**
 * {@code matrix:} axes whose combinations are the cells, expanded in file order (the first axis
 * varies slowest). The axes {@code dataset} and {@code filesystem} reference entries of
 * {@code datasets:} and {@code filesystems:}; any other axis is free, read as {@code ${cell.AXIS}}.
 *
 * <pre>
 * matrix:
 *   dataset: [test1, test2, test3]
 *   filesystem: [ext3, xfs, reiserfs]
 * </pre>
 *
 * @param axes axis name to its values, in file order
 */
public record Matrix(Map<String, List<Value>> axes) {

    /** The axis that references {@code datasets:}. */
    public static final String DATASET = "dataset";
    /** The axis that references {@code filesystems:}. */
    public static final String FILESYSTEM = "filesystem";

    /** One value of an axis and where it is written. */
    public record Value(String value, Location where) {}

    /** True when the matrix has this axis. */
    public boolean has(String axis) {
        return axes.containsKey(axis);
    }

    /** Number of cells: the product of the axis lengths (1 for an empty matrix). */
    public long cellCount() {
        long n = 1;
        for (List<Value> values : axes.values()) {
            n *= values.size();
        }
        return n;
    }
}
