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
    UNTESTED("not tested (n < 2)"),
    /**
     * Not comparable: one side wrote nothing to its device during the step while the other wrote
     * its data ({@link Comparer#CONFOUNDED_BYTES}), so one times the page cache and the other the disk.
     */
    CONFOUNDED("confounded: one side wrote nothing to its device"),
    /**
     * Not compared: the two sides' cells ran at different {@code --scale}s (other data sizes), so a
     * ratio between them would measure the sizes; no p-value, left out of every summary and chart.
     */
    DIFFERENT_SCALES("not compared: different scales");

    private final String text;

    Mark(String text) {
        this.text = text;
    }

    /** As reports print it. */
    public String text() {
        return text;
    }
}
