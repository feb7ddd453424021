package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Measurement;

/**
 * The measurements a run took again ({@code quiet: retake}): other processes used more than half a
 * CPU beside them ({@link org.fsflow.result.Disturbance}), so they are kept in results.jsonl marked
 * {@code retaken}, out of the statistics, and a cell they left short of {@code repeat: min} ran
 * another repetition for each;
 * and those disturbed after their cell had used its retakes, marked {@code disturbed} and counted.
 */
final class RetakeRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        List<Measurement> retaken = evidence.results().uncounted().stream()
                .filter(Measurement::takenAgain)
                .toList();
        if (retaken.isEmpty()) {
            return List.of();
        }
        long disturbed = evidence.results().series().stream()
                .mapToLong(s -> s.facts().disturbed())
                .sum();
        return List.of(retaken.size() + " measurement" + (retaken.size() == 1 ? " was" : "s were")
                + " taken while other processes used more than half a CPU and taken again (quiet: retake):"
                + " kept in results.jsonl marked retaken, out of the statistics, a cell they left short of"
                + " repeat: min running one more repetition for each: "
                + WarningRule.firstSix(retaken.stream().map(Measurement::node).toList())
                + "."
                + (disturbed == 0
                        ? ""
                        : " " + disturbed + " more were disturbed after their cell had used"
                                + " its retakes: marked disturbed and counted."));
    }
}
