package org.fsflow.crash;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Where a log is cut: at every mark the workload left (each with a manifest of what it had made
 * durable there), or at {@code n} barriers (flushes and FUA writes, the moments a filesystem
 * claims something durable) drawn without replacement from a seed, so that the same log and
 * seed give the same points.
 */
public final class CrashPoints {

    /** The mark the kernel adds when the log-writes target is removed. */
    public static final String END_MARK = "dm-log-writes-end";

    private CrashPoints() {}

    /** The index of every mark of {@code log} but the kernel's closing one, in log order. */
    public static List<Integer> marks(WriteLog log) {
        return log.entries().stream()
                .filter(e -> e.isMark() && !END_MARK.equals(e.mark()))
                .map(WriteLog.Entry::index)
                .toList();
    }

    /** {@code n} barriers of {@code log} drawn from {@code seed}, in log order (all when it has fewer). */
    public static List<Integer> sampled(WriteLog log, int n, long seed) {
        int[] barriers = log.entries().stream()
                .filter(WriteLog.Entry::isBarrier)
                .mapToInt(WriteLog.Entry::index)
                .toArray();
        SplittableRandom random = new SplittableRandom(seed);
        int k = Math.min(n, barriers.length);
        // a partial Fisher-Yates shuffle: the first k are a uniform sample
        for (int i = 0; i < k; i++) {
            int j = i + random.nextInt(barriers.length - i);
            int t = barriers[i];
            barriers[i] = barriers[j];
            barriers[j] = t;
        }
        return IntStream.of(barriers).limit(k).sorted().boxed().toList();
    }
}
