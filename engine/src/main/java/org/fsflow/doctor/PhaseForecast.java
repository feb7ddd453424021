package org.fsflow.doctor;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.fsflow.result.Journal;
import org.fsflow.result.Phase;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;

/**
 * Doctor's estimate of the unmeasured time, phase by phase, from the earlier run's {@code timeline.jsonl}:
 * each phase's total there, carried to this plan. The phases done around every step (caches dropped, copies
 * verified, blocks released, waits, retakes, before:/after: commands, guest starts) by the ratio of this
 * plan's measured steps to that run's rows; those done once per run (datasets generated, images built) as
 * they were.
 *
 * @param seconds   each phase's expected seconds, in {@link Phase} order; phases that took no time left out
 * @param factor    this plan's measured steps over the earlier run's rows
 */
public record PhaseForecast(Map<Phase, Double> seconds, double factor) {

    /** The forecast from the run in {@code previous} for a plan of {@code steps} measured steps; empty without a timeline. */
    static Optional<PhaseForecast> of(Path previous, long steps) {
        Optional<Timeline.Rows> timeline;
        try {
            timeline = Timeline.read(previous);
        } catch (java.io.UncheckedIOException e) {
            return Optional.empty();
        }
        if (timeline.isEmpty()) {
            return Optional.empty();
        }
        long then = Journal.read(previous.resolve(Journal.FILE)).size();
        double factor = then == 0 ? 1 : (double) steps / then;
        Map<Phase, Double> sums = new EnumMap<>(Phase.class);
        for (TimelineRow r : timeline.get().rows()) {
            sums.merge(Phase.of(r.phase()), r.seconds(), Double::sum);
        }
        Map<Phase, Double> out = new EnumMap<>(Phase.class);
        sums.forEach((phase, s) -> {
            double carried = once(phase) ? s : s * factor;
            if (carried > 0) {
                out.put(phase, carried);
            }
        });
        return Optional.of(new PhaseForecast(out, factor));
    }

    // a phase done once per run, whatever its number of steps
    static boolean once(Phase p) {
        return p == Phase.DATASETS || p == Phase.IMAGES || p == Phase.BASELINE;
    }

    /** All the phases' seconds. */
    public double total() {
        return seconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
