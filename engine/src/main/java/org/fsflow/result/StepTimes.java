package org.fsflow.result;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measured time of a run, tallied as its rows are read (a few numbers a place, whatever the
 * journal's length): per place ({@link Places#of}) the sum of the steps' {@code real_s} and how
 * many rows had one, the real time of the rows taken again ({@code retaken}: spent, not measured
 * results), the end of the row that ended last, and the gaps of more than a minute between a row's
 * end and the next row's start (where a run interrupted and resumed paused: a few a run). A table of
 * where the run's time went reads it beside {@code run.json}'s start and the unmeasured phases of
 * {@link Timeline}.
 */
public final class StepTimes {

    private final Map<String, Tally> byPlace = new TreeMap<>();
    private final Map<String, Double> retaken = new TreeMap<>();
    private Instant lastEnd;
    private final java.util.List<Gap> gaps = new java.util.ArrayList<>();

    /** The measured seconds and the number of timed rows of one place. */
    public record Tally(double realSeconds, long rows) {}

    /** No row between {@code from} (the end of the rows before) and {@code to} (the next row's start). */
    public record Gap(Instant from, Instant to) {}

    // a pause shorter than this is a step's own waiting, not a run's interruption
    private static final java.time.Duration GAP = java.time.Duration.ofMinutes(1);

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
        Instant start = instant(m.startedAt());
        if (start != null
                && lastEnd != null
                && java.time.Duration.between(lastEnd, start).compareTo(GAP) > 0) {
            gaps.add(new Gap(lastEnd, start));
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

    /** The gaps of more than a minute between rows, in journal order. */
    public java.util.List<Gap> gaps() {
        return java.util.Collections.unmodifiableList(gaps);
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
