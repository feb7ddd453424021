package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.LaunchFloor;

/** Measurements shorter than ten times the launch floor: process start-up weighs on them. */
public final class LaunchFloorRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        LaunchFloor floor = evidence.environment().launchFloor();
        if (floor == null) {
            return List.of();
        }
        double ms = floor.realSMedian() * 1000;
        long shortOnes = evidence.results().series().stream()
                .flatMapToDouble(s -> java.util.Arrays.stream(s.realTimes()))
                .filter(real -> real * 1000 < 10 * ms)
                .count();
        return shortOnes == 0
                ? List.of()
                : List.of(shortOnes + " measurements last less than ten times the launch " + "floor (" + Numbers.sig(ms)
                        + " ms): process start-up weighs on them.");
    }
}
