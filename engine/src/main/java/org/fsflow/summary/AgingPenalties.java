package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.plan.Cell;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Fieller;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;

/**
 * The aging penalty of a run with a matrix axis {@code age: [fresh, aged]}: for every aged cell, its
 * fresh twin (the same coordinates but {@code age: fresh}), and per step the ratio of the aged mean
 * real time to the fresh one with its Fieller 95 % interval. The agings themselves come from
 * {@code aging.jsonl}, never from the steps' rows.
 */
public final class AgingPenalties {

    private static final String AGE = "age";
    private static final String FILESYSTEM = "filesystem";
    private static final Metric REAL = new Metric("real_s");

    private AgingPenalties() {}

    /**
     * One step of one filesystem, aged against fresh.
     *
     * @param step       the step
     * @param where      the cell's other coordinates (dataset ...), without filesystem and age
     * @param filesystem the filesystem
     * @param fresh      the fresh cell's real time
     * @param aged       the aged cell's real time
     * @param ratio      aged mean over fresh mean, with its Fieller 95 % interval
     */
    public record Penalty(
            String step,
            Map<String, String> where,
            String filesystem,
            Summary fresh,
            Summary aged,
            Fieller.Interval ratio) {}

    /**
     * The aging part of a run.
     *
     * @param agings    the record of every aged cell, in {@code aging.jsonl}'s order
     * @param penalties per aged cell that has a fresh twin, per step both measured
     */
    public record Aging(List<AgingRecord> agings, List<Penalty> penalties) {
        /** No aging in the run. */
        public static final Aging NONE = new Aging(List.of(), List.of());
    }

    /** The aging part of {@code results} with the records {@code agings}, steps in {@code steps} order. */
    public static Aging of(ResultSet results, List<AgingRecord> agings, List<String> steps) {
        List<Penalty> out = new ArrayList<>();
        for (Cell aged : results.cells()) {
            if (!"aged".equals(aged.coordinates().get(AGE))) {
                continue;
            }
            Map<String, String> twin = new TreeMap<>(aged.coordinates());
            twin.put(AGE, "fresh");
            Cell fresh = results.cells().stream()
                    .filter(c -> new TreeMap<>(c.coordinates()).equals(twin))
                    .findFirst()
                    .orElse(null);
            if (fresh == null) {
                continue;
            }
            Map<String, String> where = new LinkedHashMap<>(aged.coordinates());
            where.remove(AGE);
            String fs = where.remove(FILESYSTEM);
            for (String step : steps) {
                Summary a = real(results.series(aged, step));
                Summary f = real(results.series(fresh, step));
                if (a != null && f != null) {
                    out.add(new Penalty(
                            step, java.util.Collections.unmodifiableMap(where), fs, f, a, Fieller.ratio(a, f)));
                }
            }
        }
        return agings.isEmpty() && out.isEmpty() ? Aging.NONE : new Aging(List.copyOf(agings), List.copyOf(out));
    }

    private static Summary real(Series s) {
        return s == null ? null : s.summary(REAL);
    }
}
