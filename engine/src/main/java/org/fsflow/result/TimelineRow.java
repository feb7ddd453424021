package org.fsflow.result;

/**
 * One line of {@code timeline.jsonl}: a stretch of unmeasured work, where and when it ran.
 *
 * @param phase     what it was ({@link Phase#key()})
 * @param place     where it ran, as {@link Places#label} names it
 * @param node      the plan node it was for (a step, a set-up or dataset node), or null
 * @param startedAt when it started, ISO-8601 UTC
 * @param endedAt   when it ended, ISO-8601 UTC
 */
public record TimelineRow(String phase, String place, String node, String startedAt, String endedAt) {

    /** Its length in seconds, or -1 when its times cannot be read or it ends before it starts. */
    public double seconds() {
        try {
            double s = java.time.Duration.between(java.time.Instant.parse(startedAt), java.time.Instant.parse(endedAt))
                            .toNanos()
                    / 1e9;
            return s >= 0 ? s : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
