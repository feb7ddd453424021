package org.fsflow.result;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A series an adaptive {@code repeat:} judges: the real times of one step of one cell, its ok
 * measurements that are neither warm-ups nor taken again, in the order they were taken.
 *
 * @param cell   the cell's coordinates
 * @param step   the step
 * @param values the real times, in seconds
 */
public record RepeatSeries(Map<String, String> cell, String step, List<Double> values) {

    /**
     * The series of the cell at {@code cell} among {@code done}: one per step named in {@code
     * workload}, or, when none of those has a value (a scenario of built-in steps only), one per step.
     */
    public static List<RepeatSeries> of(Map<String, String> cell, Collection<Measurement> done, Set<String> workload) {
        List<RepeatSeries> mine = collect(cell, done, workload);
        return mine.isEmpty() ? collect(cell, done, null) : mine;
    }

    private static List<RepeatSeries> collect(
            Map<String, String> cell, Collection<Measurement> done, Set<String> only) {
        Map<String, List<Double>> byStep = new LinkedHashMap<>();
        for (Measurement m : done) {
            if (m.ok()
                    && !m.warmup()
                    && !m.takenAgain()
                    && m.realS() != null
                    && cell.equals(m.cell())
                    && (only == null || only.contains(m.step()))) {
                byStep.computeIfAbsent(m.step(), k -> new ArrayList<>()).add(m.realS());
            }
        }
        List<RepeatSeries> out = new ArrayList<>();
        byStep.forEach((step, v) -> out.add(new RepeatSeries(cell, step, List.copyOf(v))));
        return out;
    }

    private Summary summary() {
        return Summary.of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The coefficient of variation, NaN under two values. */
    public double cv() {
        return values.size() < 2 ? Double.NaN : summary().cv();
    }

    /**
     * The half-width of the 95 % interval of the mean (Student's t) over the mean: 0.05 when the
     * mean is known to 5 % either side; NaN under two values, infinite for a mean of zero.
     */
    public double relativeHalfWidth() {
        if (values.size() < 2) {
            return Double.NaN;
        }
        Summary s = summary();
        return s.mean() == 0
                ? (s.ciHalfWidth() == 0 ? 0 : Double.POSITIVE_INFINITY)
                : s.ciHalfWidth() / Math.abs(s.mean());
    }
}
