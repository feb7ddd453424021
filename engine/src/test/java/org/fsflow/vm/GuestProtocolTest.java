package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.fsflow.result.Status;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.Test;

class GuestProtocolTest {

    private final List<GuestStep> steps = List.of(
            step("c/r1/mkfs", "mkfs.jfs", "-q", "/dev/vda"),
            step("c/r1/copy", "sh", "-c", "cp -r a b"),
            step("c/r1/walk", "du", "-s", "b"));
    private final List<GuestResult> results = new ArrayList<>();
    private final GuestProtocol protocol = new GuestProtocol(steps, results::add);

    private void feed(String... lines) {
        for (String l : lines) {
            protocol.line(l);
        }
    }

    @Test
    void aStepIsMeasuredFromGnuTimeAndTheGuestsDiskstats() {
        String out = Base64.getEncoder().encodeToString("hello\n".getBytes(StandardCharsets.UTF_8));
        feed(
                "[    1.2] random kernel line",
                "@@FSFLOW ready 2.51",
                "@@FSFLOW start 0",
                "@@FSFLOW disk 0 before vda 10 20 5",
                "@@FSFLOW disk 0 before vdb 100 0 1",
                "@@FSFLOW disk 0 after vda 12 1020 45\r",
                "@@FSFLOW disk 0 after vdb 140 0 3",
                "@@FSFLOW time 0 0.20 0.08 0.10 1844 120 3",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW out 0 " + out,
                "@@FSFLOW done 0");
        assertEquals(1, results.size());
        GuestResult r = results.get(0);
        assertEquals(Status.OK, r.outcome().status());
        assertEquals(0.20, r.outcome().figures().realS());
        assertEquals(0.08, r.outcome().figures().userS());
        assertEquals(1844L, r.outcome().figures().maxRssKb());
        assertEquals(120L, r.outcome().figures().minorFaults());
        assertEquals(3L, r.outcome().figures().majorFaults());
        assertEquals((2 + 40) * 512L, r.outcome().figures().readBytes());
        assertEquals(1000 * 512L, r.outcome().figures().writeBytes());
        assertEquals(42L, r.outcome().figures().ioBusyMs());
        assertEquals("hello\n", new String(r.stdout(), StandardCharsets.UTF_8));
        assertEquals(2.51, protocol.readySeconds());
        assertNull(protocol.endStatus(), "no end marker yet: the guest would have died");
    }

    @Test
    void theGuestsClockAndCgroupGiveMicrosecondsWhereGnuTimeGaveTenMilliseconds() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW cpu 0 before 1000250 500125",
                "@@FSFLOW time 0 0.13 0.02 0.05 1844 120 3",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW cpu 0 after 1021500 547250",
                "@@FSFLOW clock 0 0.127431",
                "@@FSFLOW flush 0 0.004215 0",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(0.127431 + 0.004215, r.outcome().figures().realS(), 1e-9);
        assertEquals(0.021250, r.outcome().figures().userS(), 1e-9);
        assertEquals(0.047125, r.outcome().figures().sysS(), 1e-9);
        assertEquals(GuestClock.CPU_METHOD, r.outcome().method().cpuMethod());
        assertTrue(r.realClock());
        assertEquals(1844L, r.outcome().figures().maxRssKb(), "memory still from GNU time");
    }

    @Test
    void aGuestWithoutCgroupKeepsGnuTimesFiguresAllThree() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW cpu 0 before none",
                "@@FSFLOW time 0 0.13 0.02 0.05 1844 120 3",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW cpu 0 after none",
                "@@FSFLOW clock 0 0.127431",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(0.13, r.outcome().figures().realS());
        assertEquals(0.02, r.outcome().figures().userS());
        assertEquals(GuestResult.CPU_METHOD, r.outcome().method().cpuMethod());
        assertTrue(!r.realClock());
    }

    @Test
    void aFailureCarriesItsStderrAndLaterStepsAreSkipped() {
        String err = Base64.getEncoder().encodeToString("cp: no space left on device\n".getBytes());
        feed(
                "@@FSFLOW start 1",
                "@@FSFLOW time 1 1.50 0.1 0.2 2000 10 0",
                "@@FSFLOW exit 1 1",
                "@@FSFLOW err 1 " + err,
                "@@FSFLOW done 1",
                "@@FSFLOW skip 2 skipped because c/r1/copy failed",
                "@@FSFLOW end 0");
        assertEquals(Status.FAILED, results.get(0).outcome().status());
        assertEquals(
                "exit status 1: cp: no space left on device",
                results.get(0).outcome().reason());
        assertEquals(Status.SKIPPED, results.get(1).outcome().status());
        assertEquals(
                "skipped because c/r1/copy failed", results.get(1).outcome().reason());
        assertEquals(0, protocol.endStatus());
    }

    @Test
    void aJobThatEndsBeforeItsLastStepIsIncomplete() {
        feed("@@FSFLOW start 0", "@@FSFLOW time 0 0.1 0 0 900 1 0", "@@FSFLOW exit 0 0", "@@FSFLOW done 0");
        feed("/tmp/job: 56: Syntax error: \"fi\" unexpected", "@@FSFLOW end 2");
        assertEquals(2, protocol.endStatus());
        assertTrue(!protocol.complete(), "steps 1 and 2 were never reported");
        feed("@@FSFLOW skip 1 x", "@@FSFLOW skip 2 x");
        assertTrue(protocol.complete());
    }

    @Test
    void aStepKilledAtItsLimitIsATimeout() {
        feed("@@FSFLOW start 2", "@@FSFLOW time 2 60.01 0 0 900 1 0", "@@FSFLOW exit 2 137", "@@FSFLOW done 2");
        assertEquals(Status.TIMEOUT, results.get(0).outcome().status());
    }

    private static GuestStep step(String id, String... argv) {
        return new GuestStep(id, List.of(argv), null, null, false, 60, Scenario.OnError.SKIP_CELL, false);
    }
}
