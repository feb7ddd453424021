package org.fsflow.summary;

/**
 * What a modern machine can say of a source finding (design §14, "only what can be tested
 * counts"). Every finding gets a verdict; the headline counts the testable ones first and the
 * others apart. {@link Triage} decides the class, by rules a reviewer can read.
 */
public enum FindingClass {
    /** A modern machine can be expected to reproduce it. */
    TESTABLE("testable"),
    /** The source's behaviour came from a kernel or tool since changed; the reason cites the change. */
    ERA_BOUND("era-bound"),
    /**
     * The source's figures differ by less than its instrument resolved, or the metric follows the
     * hardware's speed rather than the filesystem (CPU % of an I/O-bound step).
     */
    BELOW_RESOLUTION("below-resolution"),
    /** Only an emulated guest (TCG, user-mode Linux) measured it: its ranking, not its timing, counts. */
    EMULATED("emulated"),
    /**
     * The run has no cell of one of its sides (a {@code --set} left the filesystem out, say): it
     * says nothing of the finding, and the finding is neither testable nor inconclusive by it.
     */
    NOT_RUN("not run");

    private final String label;

    FindingClass(String label) {
        this.label = label;
    }

    /** The word reports and verdicts.json print (field {@code class}). */
    public String label() {
        return label;
    }
}
