package org.fsflow.scenario;

import java.time.Duration;

/**
 * How a run keeps disturbances out of its measurements ({@code quiet:}):
 *
 * <pre>
 * quiet:
 *   wait: 30s      # before each measured step on the host, wait at most this long for a quiet host
 *   retake: 2      # a cell's measurements taken while the host was busy are taken again, this many at most
 * </pre>
 *
 * <p>The wait lasts until the page cache's dirty and writeback pages are under {@link #DIRTY_BYTES}
 * and the host's CPUs, over a {@link #WINDOW} window, were busy less than half a CPU (all of the
 * host's busy time, the threshold of {@code result/Disturbance}: before a step nothing of the
 * campaign runs, so nothing is taken out of it); it ends at {@code wait} whatever
 * the host does, and its time is recorded in timeline.jsonl. A measurement that the rule finds
 * disturbed (other processes used more than half a CPU during the step) is marked {@code retaken}
 * and left out of the statistics, and a cell it leaves short of {@code repeat: min} runs one more
 * repetition; once a cell has used its
 * {@code retake} retakes, further disturbed measurements are marked {@code disturbed} and counted.
 * Both are off by default, so that a scenario written before them measures what it measured.
 *
 * @param maxWait the longest wait before a measured step, {@link Duration#ZERO} for none
 * @param retake the retakes a cell may use, 0 for none
 */
public record Quiet(Duration maxWait, int retake) {

    /** The default: no wait, no retakes. */
    public static final Quiet NONE = new Quiet(Duration.ZERO, 0);

    /** The dirty and writeback pages below which the page cache counts as drained. */
    public static final long DIRTY_BYTES = 32L << 20;

    /** The window over which the host's CPU use is sampled while waiting. */
    public static final Duration WINDOW = Duration.ofMillis(200);

    /** The most retakes a scenario may allow a cell. */
    public static final int MAX_RETAKE = 100;

    /** True when the run waits for a quiet host before its measured steps. */
    public boolean waits() {
        return maxWait.compareTo(Duration.ZERO) > 0;
    }
}
