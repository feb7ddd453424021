package org.fsflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.fsflow.measure.Usage;
import org.junit.jupiter.api.Test;

/** The rules that tell a step's end apart: its own exit, a signal from outside, its memory budget. */
class StepEndTest {

    static final Usage NONE = new Usage(0, 0, 0, 0, 0, 0, 0, 0, 0);

    static Execution ended(int exit, boolean sent, Long budget, Long oomKills) {
        Instant t = Instant.EPOCH;
        return new Execution(
                exit,
                false,
                sent,
                null,
                NONE,
                t,
                t,
                "Killed",
                null,
                null,
                budget,
                StepEnd.outsideSignal(exit, sent),
                oomKills);
    }

    @Test
    void onlyTheSignalsThatEndRunsAndOnlyWhenFsflowDidNotSendThem() {
        assertEquals("SIGINT", StepEnd.outsideSignal(130, false));
        assertEquals("SIGKILL", StepEnd.outsideSignal(137, false));
        assertEquals("SIGTERM", StepEnd.outsideSignal(143, false));
        assertNull(StepEnd.outsideSignal(137, true), "its time limit or an interrupt: fsflow sent it");
        assertNull(StepEnd.outsideSignal(139, false), "SIGSEGV is the tool's own failure");
        assertNull(StepEnd.outsideSignal(1, false));
        assertNull(StepEnd.outsideSignal(9, false), "exit status 9 is not a signal");
        assertNull(StepEnd.outsideSignal(-1, false), "not started");
    }

    @Test
    void theReasonNamesTheSignalOrTheBudget() {
        assertEquals(
                "killed by SIGKILL from outside fsflow: Killed",
                ended(137, false, null, null).failure());
        assertEquals(
                "out of memory: the step used more than its budget of 64 MiB: Killed",
                ended(137, false, 64L << 20, 1L).failure());
        assertEquals(
                "killed by SIGKILL from outside fsflow: Killed",
                ended(137, false, 64L << 20, 0L).failure(),
                "a budget without an OOM kill did not end it");
        assertEquals("exit status 2: Killed", ended(2, false, null, null).failure());
        assertEquals("interrupted: Killed", ended(137, true, null, null).failure());
    }

    @Test
    void anOomKillIsNotAnInterruptionButAnOutsideKillIs() {
        assertTrue(StepEnd.killedFromOutside("SIGKILL", null));
        assertTrue(StepEnd.killedFromOutside("SIGTERM", 0L));
        assertFalse(StepEnd.killedFromOutside("SIGKILL", 1L), "the budget killed it: a real failure at once");
        assertFalse(StepEnd.killedFromOutside(null, null));
    }

    @Test
    void theGraceEndsAsSoonAsTheRunStops() {
        long start = System.nanoTime();
        assertTrue(StepEnd.stoppedWithin(() -> true, Duration.ofSeconds(5)));
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(1).toNanos());
        assertFalse(StepEnd.stoppedWithin(() -> false, Duration.ofMillis(30)));
    }
}
