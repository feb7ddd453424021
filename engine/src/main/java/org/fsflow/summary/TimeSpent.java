package org.fsflow.summary;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Phase;

/**
 * Where a run's wall time went, per place: the measured steps' real time (from results.jsonl) and
 * each unmeasured {@link Phase} (from timeline.jsonl, when the run wrote one). The wall time runs
 * from run.json's {@code started_at} to the end of the last record (a step's or a phase's), less the
 * pauses of a run interrupted and resumed (from the last record before each resume to it).
 *
 * @param recorded    true when the run has a timeline.jsonl: its phases were recorded
 * @param wallSeconds the wall time in seconds, NaN when run.json has no start or nothing has an end
 * @param places      one per place, the host's first, then by label
 * @param unreadable  lines of timeline.jsonl that could not be read (left out)
 * @param pauses      the pauses left out of the wall time, one per resume that had one, in seconds
 */
public record TimeSpent(
        boolean recorded, double wallSeconds, List<PlaceTime> places, int unreadable, List<Double> pauses) {

    /** No time accounted: a run without rows nor timeline. */
    public static final TimeSpent NONE = new TimeSpent(false, Double.NaN, List.of(), 0, List.of());

    /**
     * One place's time.
     *
     * @param label           the place ({@link org.fsflow.result.Places#label})
     * @param measuredSeconds the sum of its steps' real time
     * @param phaseSeconds    each unmeasured phase's seconds there (every phase, 0 when none ran;
     *                        empty when not recorded)
     */
    public record PlaceTime(String label, double measuredSeconds, Map<Phase, Double> phaseSeconds) {

        /** Everything accounted at this place. */
        public double seconds() {
            return measuredSeconds
                    + phaseSeconds.values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum();
        }
    }

    /** True when there is something to show. */
    public boolean present() {
        return !places.isEmpty();
    }

    /** Every place added up, labelled {@code label}. */
    public PlaceTime total(String label) {
        Map<Phase, Double> phases = new EnumMap<>(Phase.class);
        double measured = 0;
        for (PlaceTime p : places) {
            measured += p.measuredSeconds();
            p.phaseSeconds().forEach((k, v) -> phases.merge(k, v, Double::sum));
        }
        return new PlaceTime(label, measured, phases);
    }

    /**
     * The wall time no record accounts for (waits between records, what ran before the first
     * one); 0 when the places' records add up to more than the wall time (they overlapped), NaN
     * when the wall time is unknown.
     */
    public double otherSeconds() {
        return Math.max(0, wallSeconds - total("").seconds());
    }

    /** True when the places' records add up to more than the wall time: some ran at the same time. */
    public boolean overlapped() {
        return total("").seconds() > wallSeconds + 0.5;
    }
}
