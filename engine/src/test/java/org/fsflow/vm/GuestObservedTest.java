package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Traffic;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The guest's I/O accounting, dirty memory and kernel threads, read as the host reads its own. */
class GuestObservedTest {

    private final List<GuestResult> results = new ArrayList<>();
    private final GuestProtocol protocol = new GuestProtocol(
            List.of(new GuestStep(
                    "c/r1/copy",
                    List.of("cp", "-r", "a", "b"),
                    null,
                    null,
                    false,
                    0,
                    Scenario.OnError.SKIP_CELL,
                    true)),
            results::add);

    @Test
    void theStepsBytesAndItsFilesystemsKernelThreadsAreTold() {
        for (String l : List.of(
                "@@FSFLOW start 0",
                "@@FSFLOW kthreads 0 before 2 0 5 kthreadd 90 400 100 jfsCommit 91 400 50 kworker/u4:1-events 92 410 7 jbd2/vda-8",
                "@@FSFLOW disk 0 before vdb 0 0 0",
                "@@FSFLOW io 0 before 1000 2000 0 0 0",
                "@@FSFLOW io 0 after 17778216 16779216 4096 16777216 0 16400 512",
                "@@FSFLOW disk 0 after vdb 0 8192 10",
                "@@FSFLOW kthreads 0 after 2 0 5 kthreadd 90 400 160 jfsCommit 91 400 80 kworker/u4:1-events 93 500 3 jfsIO",
                "@@FSFLOW time 0 0.50 0.01 0.20 1844 120 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW done 0")) {
            protocol.line(l);
        }
        GuestResult r = results.get(0);
        Traffic t = r.outcome().around().observed().traffic();
        assertEquals(new Traffic(17777216L, 16777216L, 4096L, 16777216L, 0L, 16400L * 1024, 512L * 1024), t);
        // jfsCommit 60 ticks, a kworker 30, a new jfsIO 3 (all it used); jbd2 ended: nothing
        assertEquals(0.93, r.kernel().seconds(), 1e-9);
        GuestResult jfs = GuestObserved.attributed(r, "jfs");
        assertEquals(0.63, jfs.outcome().around().kernel().fsS(), 1e-9);
        assertEquals(0.30, jfs.outcome().around().kernel().classes().get("writeback"), 1e-9);
        assertEquals(
                0.0,
                GuestObserved.attributed(r, "ext4").outcome().around().kernel().fsS(),
                1e-9);
        assertEquals(1024L * 1024 * 8192 / 2048, r.outcome().figures().writeBytes(), "the disk figures stay");
    }

    @Test
    void aLongStepKeepsItsTimeSeries() {
        protocol.line("@@FSFLOW start 0");
        for (int i = 0; i <= 6; i++) {
            // each second: 100 ticks of 2 CPUs, 50 of them user; 2048 sectors written; 1 MiB more dirty
            protocol.line("@@FSFLOW sample 0 " + (100 + i) + ".00 " + (50 * i) + " 0 0 " + (150 * i) + " 0 0 0 0 0 "
                    + (2048 * i) + " " + (1024 * i) + " 0");
        }
        for (String l : List.of("@@FSFLOW time 0 6.00 3.00 0.00 1844 120 0", "@@FSFLOW exit 0 0", "@@FSFLOW done 0")) {
            protocol.line(l);
        }
        org.fsflow.result.TimeSeries t =
                results.get(0).outcome().around().observed().samples();
        assertEquals(6, t.size());
        assertEquals(25.0, t.userPct().get(3));
        assertEquals(2048 * 512.0, t.writeBytesPerS().get(5));
        assertEquals(6L << 20, t.dirtyBytes().get(5));
        assertNull(t.kernelThreadsPct(), "the guest's kernel threads are not sampled over time");
    }

    @Test
    void aGuestThatSaysNothingOfItHasNone() {
        for (String l : List.of(
                "@@FSFLOW start 0",
                "@@FSFLOW time 0 0.50 0.01 0.20 1844 120 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW done 0")) {
            protocol.line(l);
        }
        GuestResult r = results.get(0);
        assertNull(r.kernel());
        assertNull(r.outcome().around() == null ? null : r.outcome().around().observed());
        assertEquals(r, GuestObserved.attributed(r, "jfs"));
    }
}
