package org.fsflow.run;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.plan.Cell;
import org.fsflow.result.Measurement;
import org.fsflow.result.Summary;
import org.fsflow.scenario.Repeat;

/**
 * The rule of an adaptive {@code repeat: {min, max, target_cv}}: a cell gets one more repetition
 * while the real time of one of its steps varies more than {@code target_cv} and it has fewer than
 * {@code max}. Measurements are matched to cells by their coordinates, never by parsing node ids.
 */
final class AdaptiveRepeat {

    private AdaptiveRepeat() {}

    /**
     * The cells of {@code cells}, in order, that need one more repetition given {@code done};
     * the first {@code warmup} repetitions of a cell do not count towards {@code max}.
     */
    static List<Cell> again(Repeat repeat, int warmup, List<Cell> cells, Collection<Measurement> done) {
        List<Cell> again = new ArrayList<>();
        for (Cell cell : cells) {
            if (repetitions(cell, done) - warmup < repeat.max() && worstCv(cell, done) > repeat.targetCv()) {
                again.add(cell);
            }
        }
        return again;
    }

    /** The highest repetition of {@code cell} among {@code done}, 0 when none. */
    static int repetitions(Cell cell, Collection<Measurement> done) {
        int max = 0;
        for (Measurement m : done) {
            if (of(cell, m)) {
                max = Math.max(max, m.repeat());
            }
        }
        return max;
    }

    /** The largest coefficient of variation of real time among the cell's steps with two ok values or more (warm-up left out). */
    static double worstCv(Cell cell, Collection<Measurement> done) {
        Map<String, List<Double>> byStep = new LinkedHashMap<>();
        for (Measurement m : done) {
            if (m.ok() && !m.warmup() && m.realS() != null && of(cell, m)) {
                byStep.computeIfAbsent(m.step(), k -> new ArrayList<>()).add(m.realS());
            }
        }
        double worst = 0;
        for (List<Double> v : byStep.values()) {
            if (v.size() >= 2) {
                double cv = Summary.of(
                                v.stream().mapToDouble(Double::doubleValue).toArray())
                        .cv();
                worst = Double.isNaN(cv) ? worst : Math.max(worst, cv);
            }
        }
        return worst;
    }

    private static boolean of(Cell cell, Measurement m) {
        return cell.coordinates().equals(m.cell());
    }
}
