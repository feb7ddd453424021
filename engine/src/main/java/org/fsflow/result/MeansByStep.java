package org.fsflow.result;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Running means of one figure per step of a cell: the cell by its coordinates (in any order), the
 * step by its name. What {@link StepDurations} learns times with, and what {@code doctor}'s
 * extrapolation learns the bytes each step moved with.
 */
public final class MeansByStep {

    private final Map<String, double[]> sumAndCount = new HashMap<>();

    /** Learns {@code value} for {@code step} of the cell with {@code coordinates}. */
    public void add(Map<String, String> coordinates, String step, double value) {
        double[] m = sumAndCount.computeIfAbsent(key(coordinates, step), k -> new double[2]);
        m[0] += value;
        m[1]++;
    }

    /** The mean learnt for that step of that cell, or empty when nothing was. */
    public OptionalDouble mean(Map<String, String> coordinates, String step) {
        double[] m = sumAndCount.get(key(coordinates, step));
        return m == null ? OptionalDouble.empty() : OptionalDouble.of(m[0] / m[1]);
    }

    private static String key(Map<String, String> coordinates, String step) {
        return new TreeMap<>(coordinates) + "\u0000" + step;
    }
}
