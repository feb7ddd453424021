package org.fsflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The wait for a quiet host, through a scripted probe: no sleeping, no /proc. */
class QuietHostTest {

    /** A host whose busy ticks grow by {@code perWindow[i]} in window i (the last repeated) and whose dirty bytes are given likewise. */
    static final class Script implements QuietHost.Probe {
        final long[] perWindow;
        final long[] dirty;
        long ticks;
        int windows;

        Script(long[] perWindow, long[] dirty) {
            this.perWindow = perWindow;
            this.dirty = dirty;
        }

        @Override
        public long busyTicks() {
            return ticks;
        }

        @Override
        public long dirtyBytes() {
            return dirty[Math.min(windows - 1, dirty.length - 1)];
        }

        @Override
        public void pause(Duration d) {
            ticks += perWindow[Math.min(windows, perWindow.length - 1)];
            windows++;
        }
    }

    static final long MIB = 1 << 20;

    @Test
    void aQuietHostCostsOneWindow() {
        Script host = new Script(new long[] {2}, new long[] {0});
        assertTrue(QuietHost.await(Duration.ofSeconds(30), host));
        assertEquals(1, host.windows);
    }

    @Test
    void itWaitsForTheOtherCpuUseToFallUnderHalfACpu() {
        // a 200 ms window holds 40 ticks of two CPUs; half a CPU is 10 ticks
        Script host = new Script(new long[] {30, 25, 10, 9}, new long[] {0});
        assertTrue(QuietHost.await(Duration.ofSeconds(30), host));
        assertEquals(4, host.windows, "10 ticks in 200 ms is half a CPU: not under it");
    }

    @Test
    void itWaitsForWritebackToDrain() {
        Script host = new Script(new long[] {0}, new long[] {400 * MIB, 100 * MIB, 31 * MIB});
        assertTrue(QuietHost.await(Duration.ofSeconds(30), host));
        assertEquals(3, host.windows);
    }

    @Test
    void itGivesUpAtTheBound() {
        Script host = new Script(new long[] {40}, new long[] {0});
        assertFalse(QuietHost.await(Duration.ofSeconds(2), host));
        assertEquals(10, host.windows, "2 s of 200 ms windows");
    }

    @Test
    void unreadableCountersDoNotBlockTheRun() {
        QuietHost.Probe none = new QuietHost.Probe() {
            @Override
            public long busyTicks() {
                return -1;
            }

            @Override
            public long dirtyBytes() {
                return -1;
            }

            @Override
            public void pause(Duration d) {}
        };
        assertTrue(QuietHost.await(Duration.ofSeconds(30), none));
    }
}
