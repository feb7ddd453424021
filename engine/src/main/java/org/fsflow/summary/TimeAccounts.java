package org.fsflow.summary;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.fsflow.result.Phase;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.StepTimes;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;

/**
 * Computes a run's {@link TimeSpent}: the measured time per place from its rows' tally
 * ({@link StepTimes}), the unmeasured phases per place from its timeline (summed by phase), and the
 * wall time from run.json's start to the last record's end. A run without a timeline gets its
 * measured time and wall time only: its phases are not recorded, never guessed.
 */
public final class TimeAccounts {

    private TimeAccounts() {}

    /** The time of a run whose rows tallied {@code steps}, started as {@code environment} says, with {@code timeline}. */
    public static TimeSpent of(StepTimes steps, RunEnvironment environment, Optional<Timeline.Rows> timeline) {
        Map<String, Double> measured = new TreeMap<>();
        steps.byPlace().forEach((place, t) -> measured.put(place, t.realSeconds()));
        Map<String, Map<Phase, Double>> phases = new TreeMap<>();
        Instant end = steps.lastEnd();
        for (TimelineRow r : timeline.map(Timeline.Rows::rows).orElse(List.of())) {
            Phase phase = Phase.of(r.phase());
            String place = r.place() == null ? "host" : r.place();
            phases.computeIfAbsent(place, k -> zeros()).merge(phase, r.seconds(), Double::sum);
            Instant e = StepTimes.instant(r.endedAt());
            end = e != null && (end == null || e.isAfter(end)) ? e : end;
        }
        // a measurement taken again cost its real time, and is not among the measured steps
        steps.retaken()
                .forEach((place, s) ->
                        phases.computeIfAbsent(place, k -> zeros()).merge(Phase.RETAKES, s, Double::sum));
        java.util.Set<String> labels = new java.util.TreeSet<>(measured.keySet());
        labels.addAll(phases.keySet());
        List<TimeSpent.PlaceTime> places = new ArrayList<>();
        for (String label : labels) {
            places.add(new TimeSpent.PlaceTime(
                    label,
                    measured.getOrDefault(label, 0.0),
                    timeline.isPresent() ? phases.getOrDefault(label, zeros()) : Map.of()));
        }
        places.sort(Comparator.comparing((TimeSpent.PlaceTime p) -> !p.label().startsWith("host"))
                .thenComparing(TimeSpent.PlaceTime::label));
        Instant start = start(environment);
        List<Double> pauses = pauses(steps, environment, timeline);
        double wall = start == null || end == null || end.isBefore(start)
                ? Double.NaN
                : Duration.between(start, end).toNanos() / 1e9
                        - pauses.stream().mapToDouble(Double::doubleValue).sum();
        return new TimeSpent(
                timeline.isPresent(),
                wall,
                List.copyOf(places),
                timeline.map(Timeline.Rows::unreadable).orElse(0),
                pauses);
    }

    // each resume's pause: from the last record before it (a row's end, or a phase's) to the resume,
    // where a gap between rows holds the resume, or where the resume came after the last row and
    // phases were recorded after it (a resume with nothing left to measure); a resume with no such
    // gap (a step's rows went on) has none
    private static List<Double> pauses(StepTimes steps, RunEnvironment environment, Optional<Timeline.Rows> timeline) {
        List<Double> out = new ArrayList<>();
        List<TimelineRow> phases = timeline.map(Timeline.Rows::rows).orElse(List.of());
        for (RunEnvironment.Resume r : environment.resumes()) {
            Instant at = StepTimes.instant(r.at());
            Instant from = at == null
                    ? null
                    : steps.gaps().stream()
                            .filter(g -> !at.isBefore(g.from()) && !at.isAfter(g.to()))
                            .map(StepTimes.Gap::from)
                            .findFirst()
                            .orElse(afterTheLastRow(at, steps.lastEnd(), phases));
            if (from == null) {
                continue;
            }
            Instant last = from;
            for (TimelineRow t : phases) {
                Instant e = StepTimes.instant(t.endedAt());
                last = e != null && e.isAfter(last) && !e.isAfter(at) ? e : last;
            }
            out.add(Duration.between(last, at).toNanos() / 1e9);
        }
        return List.copyOf(out);
    }

    // the last row's end when the resume at {@code at} came after it and a phase ended after the resume
    private static Instant afterTheLastRow(Instant at, Instant lastRow, List<TimelineRow> phases) {
        if (lastRow == null || !at.isAfter(lastRow)) {
            return null;
        }
        boolean later =
                phases.stream().map(t -> StepTimes.instant(t.endedAt())).anyMatch(e -> e != null && e.isAfter(at));
        return later ? lastRow : null;
    }

    private static Map<Phase, Double> zeros() {
        Map<Phase, Double> m = new EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) {
            m.put(p, 0.0);
        }
        return m;
    }

    // run.json's started_at, null when it has none
    private static Instant start(RunEnvironment environment) {
        if (environment.settings() == null) {
            return null;
        }
        return StepTimes.instant(environment.settings().shown().get("started_at"));
    }
}
