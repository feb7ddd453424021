package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Status;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The memory budget, flush and verify of a guest's step: what the host reads back of them. */
class GuestChecksTest {

    private final GuestStep copy = new GuestStep(
            "c/r1/copy",
            List.of("sh", "-c", "cp -r /w/datasets/ds /w/mnt/target"),
            null,
            null,
            false,
            60,
            Scenario.OnError.SKIP_CELL,
            true,
            128L << 20,
            "/w/mnt/target",
            "/w/datasets/ds",
            "/w/mnt/target/ds",
            null);
    private final GuestStep plain = new GuestStep(
            "c/r1/walk", List.of("du", "-s", "b"), null, null, false, 60, Scenario.OnError.SKIP_CELL, false);
    private final List<GuestStep> steps = List.of(copy, plain);
    private final List<GuestResult> results = new ArrayList<>();
    private final GuestProtocol protocol = new GuestProtocol(steps, results::add);

    private void feed(String... lines) {
        for (String l : lines) {
            protocol.line(l);
        }
    }

    @Test
    void theToolsOfFlushAndVerifyAreShipped() {
        List<Path> tools = GuestTools.of(steps);
        for (String t : List.of("sync", "diff", "cmp", "comm")) {
            Path host = GuestTools.which(t);
            assertTrue(host == null || tools.contains(host), t + " in " + tools);
        }
        assertTrue(GuestTools.which("sync") != null, "coreutils' sync is on this host");
        assertTrue(!GuestTools.of(List.of(plain)).contains(GuestTools.which("sync")), "only when a step flushes");
    }

    @Test
    void theBudgetAndTheFlushAreOnTheResultAndTheFlushIsInsideTheRealTime() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget 0 134217728",
                "@@FSFLOW disk 0 before vda 0 0 0",
                "@@FSFLOW flush 0 0.42 0",
                "@@FSFLOW disk 0 after vda 8 2048 30",
                "@@FSFLOW time 0 1.20 0.1 0.5 3000 10 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW verify 0 ok",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.OK, r.outcome().status(), r.outcome().reason());
        assertEquals(134217728L, r.outcome().around().memoryBudgetBytes());
        assertEquals(0.42, r.outcome().around().flushS());
        assertEquals(1.62, r.outcome().figures().realS());
        assertEquals(List.of("vda"), r.outcome().method().devices());
    }

    @Test
    void aCopyThatDiffersFailsTheStepInTheHostsWords() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget 0 134217728",
                "@@FSFLOW flush 0 0.01 0",
                "@@FSFLOW time 0 1.00 0.1 0.5 3000 10 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW verify 0 bad 200 0 1 1",
                "@@FSFLOW verify-first 0 dir1/file3 differs at byte 100",
                "@@FSFLOW verify-extra 0 junk",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.FAILED, r.outcome().status());
        assertEquals(0, r.outcome().exitCode());
        assertEquals(
                "verify: the copy /w/mnt/target/ds differs from dataset 'ds': 0 of 200 files missing, 1 different; "
                        + "first: dir1/file3 differs at byte 100; 1 extra file(s), first: junk",
                r.outcome().reason());
        assertEquals(1.01, r.outcome().figures().realS(), "measured all the same");
    }

    @Test
    void aBudgetTheGuestCannotApplyFailsTheStepUnmeasured() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget-failed 0 no cgroup v2 memory controller in the guest: mount: no such device",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.FAILED, r.outcome().status());
        assertEquals(
                "memory budget: no cgroup v2 memory controller in the guest: mount: no such device",
                r.outcome().reason());
        assertNull(r.outcome().figures(), "it did not run");
        assertNull(r.outcome().around().memoryBudgetBytes());
    }

    @Test
    void aStepTheGuestsKernelOomKilledInItsBudgetIsOutOfMemory() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget 0 134217728",
                "@@FSFLOW time 0 0.40 0.1 0.2 131000 10 0",
                "@@FSFLOW oom 0 2 3",
                "@@FSFLOW exit 0 137",
                "@@FSFLOW done 0",
                "@@FSFLOW start 1",
                "@@FSFLOW time 1 0.40 0.1 0.2 3000 10 0",
                "@@FSFLOW exit 1 137",
                "@@FSFLOW done 1");
        assertEquals(Status.FAILED, results.get(0).outcome().status());
        assertEquals(
                "out of memory: the step used more than its budget of 128 MiB",
                results.get(0).outcome().reason());
        assertEquals("exit status 137", results.get(1).outcome().reason(), "no budget: no OOM reason");
    }

    @Test
    void aFailedFlushIsTheStepsFailure() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW time 0 1.00 0.1 0.5 3000 10 0",
                "@@FSFLOW flush 0 0.30 1",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.FAILED, r.outcome().status());
        assertEquals(1, r.outcome().exitCode());
        assertEquals(
                "exit status 1: flush: sync -f /w/mnt/target exited 1",
                r.outcome().reason());
        assertEquals(0.30, r.outcome().around().flushS());
    }

    @Test
    void aMissingCopyIsNamed() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW time 0 1.00 0 0 3000 1 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW verify 0 nodir",
                "@@FSFLOW done 0");
        assertEquals(
                "verify: the copy /w/mnt/target/ds is missing (no such directory)",
                results.get(0).outcome().reason());
    }
}
