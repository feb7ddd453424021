package org.fsflow.run;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.fsflow.result.Measurement;

/**
 * What a guest cell repetition cost an earlier run beyond its measured steps: the boot of its
 * fresh VM, the read-only image of the datasets, the unmeasured checks of its copies. Read from the
 * rows' times: a repetition in a VM took from the end of the row before it (any place) to the end of
 * its own last row, less the real time of its steps. Doctor adds it once per guest cell repetition,
 * since its duration is otherwise that of the measured steps only. The checks of copies grow with
 * the data, so from a smaller run it is a floor.
 */
final class GuestOverhead {

    private final List<Measurement> rows = new ArrayList<>();

    /** Learns from one row of the earlier run. */
    void add(Measurement m) {
        if (m.endedAt() != null && m.cell() != null) {
            rows.add(m);
        }
    }

    /** The mean seconds a guest cell repetition took beyond its measured steps; empty when none ran in a VM. */
    OptionalDouble perRepetition() {
        Map<Measurement, Instant> ends = new java.util.IdentityHashMap<>();
        rows.forEach(m -> ends.put(m, instant(m.endedAt())));
        List<Measurement> timed = rows.stream()
                .filter(m -> ends.get(m) != null)
                .sorted(Comparator.comparing(ends::get))
                .toList();
        Map<String, double[]> units = new LinkedHashMap<>(); // unit -> {wall, measured}
        Instant before = null;
        for (Measurement m : timed) {
            Instant end = ends.get(m);
            if (isGuest(m) && before != null) {
                double[] u = units.computeIfAbsent(m.cell() + "/r" + m.repeat(), k -> new double[2]);
                u[0] += Duration.between(before, end).toNanos() / 1e9;
                u[1] += m.realS() == null ? 0 : m.realS();
            }
            before = end;
        }
        return units.values().stream()
                .mapToDouble(u -> Math.max(0, u[0] - u[1]))
                .average();
    }

    private static boolean isGuest(Measurement m) {
        return m.virt() != null && !m.virt().equals("host");
    }

    private static Instant instant(String iso) {
        try {
            return iso == null ? null : Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
