package org.fsflow.summary;

import java.util.List;

/** A coefficient of variation above {@link #HIGH_CV}: differences below that spread are noise. */
public final class HighVariationRule implements WarningRule {

    /** A coefficient of variation above this is flagged. */
    public static final double HIGH_CV = 0.05;

    @Override
    public List<String> check(Evidence evidence) {
        List<String> high = evidence.realTimes().stream()
                .filter(t -> !Double.isNaN(t.stats().cv()) && t.stats().cv() > HIGH_CV)
                .map(t -> t.where() + " " + Numbers.percent(t.stats().cv()))
                .toList();
        return high.isEmpty()
                ? List.of()
                : List.of(high.size() + " series vary by more than "
                        + Numbers.percent(HIGH_CV) + " (coefficient of variation): " + WarningRule.firstSix(high)
                        + ". Differences smaller than that spread are noise.");
    }
}
