package org.fsflow.result;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measured time of a run, tallied as its rows are read (a few numbers a place, whatever the
 * journal's length): per place ({@link Places#of}) the sum of the steps' {@code real_s} and how
 * many rows had one, the real time of the rows taken again ({@code retaken}: spent, not measured
 * results), and the end of the row that ended last. A table of where the run's time went
 * reads it beside {@code run.json}'s start and the unmeasured phases of {@link Timeline}.
 */
public final class StepTimes {

    private final Map<String, Tally> byPlace = new TreeMap<>();
    private final Map<String, Double> retaken = new TreeMap<>();
    private Instant lastEnd;

    /** The measured seconds and the number of timed rows of one place. */
    public record Tally(double realSeconds, long rows) {}

    /** Tallies one row: its real time at its place, its end. */
    void add(Measurement m) {
        if (m.realS() != null && m.realS() >= 0 && m.takenAgain()) {
            retaken.merge(Places.of(m), m.realS(), Double::sum);
        } else if (m.realS() != null && m.realS() >= 0) {
            byPlace.merge(
                    Places.of(m),
                    new Tally(m.realS(), 1),
                    (a, b) -> new Tally(a.realSeconds() + b.realSeconds(), a.rows() + b.rows()));
        }
        Instant end = instant(m.endedAt());
        if (end != null && (lastEnd == null || end.isAfter(lastEnd))) {
            lastEnd = end;
        }
    }

    /** The measured time by place label, sorted by label. */
    public Map<String, Tally> byPlace() {
        return java.util.Collections.unmodifiableMap(byPlace);
    }

    /** The real time of the rows taken again, by place label: the time their retakes cost. */
    public Map<String, Double> retaken() {
        return java.util.Collections.unmodifiableMap(retaken);
    }

    /** When the last row ended, or null when no row has a readable end. */
    public Instant lastEnd() {
        return lastEnd;
    }

    /** The instant {@code iso} (ISO-8601), or null when absent or unreadable. */
    public static Instant instant(String iso) {
        try {
            return iso == null ? null : Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
