package org.fsflow.compare;

/** The verdict on one comparison, after false-discovery control, following the metric's direction. */
public enum Mark {
    /** Significantly better than the baseline. */
    BETTER("better"),
    /** Significantly worse than the baseline. */
    WORSE("worse"),
    /** Significantly different, for a metric that is neither better nor worse higher (CPU %, counts of work). */
    CHANGED("changed"),
    /** No significant change once the false-discovery rate is controlled (or the very same values). */
    SAME("no significant change"),
    /** Not testable: fewer than two values on a side. */
    UNTESTED("not tested (n < 2)");

    private final String text;

    Mark(String text) {
        this.text = text;
    }

    /** As reports print it. */
    public String text() {
        return text;
    }
}
