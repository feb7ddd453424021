package org.fsflow.host;

import java.time.Duration;
import org.fsflow.measure.DirtyMemory;
import org.fsflow.measure.HostCpu;
import org.fsflow.result.Disturbance;
import org.fsflow.scenario.Quiet;

/**
 * {@code quiet: wait}: before a measured step on the host, waits until the page cache's dirty and
 * writeback pages are under {@link Quiet#DIRTY_BYTES} and the host's CPUs, over a {@link
 * Quiet#WINDOW} window, were busy less than {@link Disturbance#BUSY_CPUS}, and no longer than
 * the bound. Nothing of the campaign runs meanwhile, so what is busy is the rest of the host and
 * the writeback of what ran before.
 */
final class QuietHost {

    /** What the wait reads: the host's busy CPU ticks ({@link HostCpu}) and its dirty bytes ({@link DirtyMemory}). */
    interface Probe {
        /** Busy ticks of all CPUs since boot, -1 when unknown. */
        long busyTicks();

        /** Dirty and writeback bytes, -1 when unknown. */
        long dirtyBytes();

        /** Waits {@code d}. */
        void pause(Duration d) throws InterruptedException;
    }

    /** The probe of this host: /proc/stat and /proc/meminfo. */
    static final Probe PROC = new Probe() {
        @Override
        public long busyTicks() {
            return HostCpu.read().busyTicks();
        }

        @Override
        public long dirtyBytes() {
            DirtyMemory d = DirtyMemory.read();
            return d == null ? -1 : d.bytes();
        }

        @Override
        public void pause(Duration d) throws InterruptedException {
            Thread.sleep(d.toMillis());
        }
    };

    private QuietHost() {}

    /** Waits for a quiet host, at most {@code bound}; true when it was quiet, false when the bound ran out. */
    static boolean await(Duration bound) {
        return await(bound, PROC);
    }

    /**
     * The same through {@code probe}: a window at least, then window after window until one is
     * quiet or {@code bound} is spent (counted in windows, so that the bound holds however long a
     * read takes). An unreadable counter counts as quiet: the wait never blocks a run on a host
     * without /proc.
     */
    static boolean await(Duration bound, Probe probe) {
        long windows = Math.max(1, bound.toMillis() / Quiet.WINDOW.toMillis());
        double seconds = Quiet.WINDOW.toMillis() / 1000.0;
        try {
            for (long w = 0; w < windows; w++) {
                long before = probe.busyTicks();
                probe.pause(Quiet.WINDOW);
                long after = probe.busyTicks();
                long dirty = probe.dirtyBytes();
                boolean idle = before < 0
                        || after < 0
                        || (after - before) / HostCpu.TICKS_PER_SECOND / seconds < Disturbance.BUSY_CPUS;
                if (idle && dirty < Quiet.DIRTY_BYTES) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true; // the run is being stopped: it says so itself
        }
        return false;
    }
}
