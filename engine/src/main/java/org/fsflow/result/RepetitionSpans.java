package org.fsflow.result;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The time repetitions took: a repetition's span runs from its first step's start to its last
 * step's end (set-up steps, flushes and checks between them included), from the journal's own
 * timestamps. What a {@code repeat: { budget: }} counts, so that a resumed run counts only what ran.
 */
public final class RepetitionSpans {

    private RepetitionSpans() {}

    /** The spans of every repetition among {@code done}, in seconds, summed. */
    public static double spent(Collection<Measurement> done) {
        return spans(done, null).values().stream()
                .mapToDouble(Double::doubleValue)
                .sum();
    }

    /** The mean span of a repetition of the cell at {@code cell}, in seconds; 0 when none ran. */
    public static double mean(Map<String, String> cell, Collection<Measurement> done) {
        return spans(done, cell).values().stream()
                .mapToDouble(Double::doubleValue)
                .average()
                .orElse(0);
    }

    private static Map<List<Object>, Double> spans(Collection<Measurement> done, Map<String, String> only) {
        Map<List<Object>, Instant[]> bounds = new LinkedHashMap<>();
        for (Measurement m : done) {
            if (m.startedAt() == null || m.endedAt() == null || (only != null && !only.equals(m.cell()))) {
                continue;
            }
            Instant start = Instant.parse(m.startedAt());
            Instant end = Instant.parse(m.endedAt());
            Instant[] b = bounds.computeIfAbsent(List.of(m.cell(), m.repeat()), k -> new Instant[] {start, end});
            b[0] = start.isBefore(b[0]) ? start : b[0];
            b[1] = end.isAfter(b[1]) ? end : b[1];
        }
        Map<List<Object>, Double> out = new LinkedHashMap<>();
        bounds.forEach((k, b) -> out.put(k, Math.max(0, (b[1].toEpochMilli() - b[0].toEpochMilli()) / 1000.0)));
        return out;
    }
}
