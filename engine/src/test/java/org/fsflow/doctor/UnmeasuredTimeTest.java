package org.fsflow.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.Test;

/** The time an earlier run spent between its steps, read from its rows' times: around each step, and to start a guest. */
class UnmeasuredTimeTest {

    private static Measurement row(String fs, String virt, int repeat, String step, double realS, String endedAt) {
        return DoctorTest.row(fs, step, realS, 0, 0).toBuilder()
                .cell(Map.of("filesystem", fs))
                .repeat(repeat)
                .virt(virt)
                .endedAt(endedAt)
                .build();
    }

    @Test
    void theGapBeforeEachStepLessItsTimeIsAroundItAndAGuestRepetitionsFirstGapIsItsStart() {
        UnmeasuredTime u = new UnmeasuredTime();
        // a host repetition, then two guest repetitions sharing one guest (given out of order)
        u.add(row("ext4-vm", "tcg", 2, "copy", 4.0, "2026-12-01T10:01:00Z"));
        u.add(row("ext4", "host", 1, "mkfs", 1.0, "2026-12-01T10:00:01Z"));
        u.add(row("ext4", "host", 1, "copy", 2.0, "2026-12-01T10:00:05Z"));
        u.add(row("ext4-vm", "tcg", 1, "mkfs", 1.0, "2026-12-01T10:00:25Z"));
        u.add(row("ext4-vm", "tcg", 1, "copy", 4.0, "2026-12-01T10:00:35Z"));
        u.add(row("ext4-vm", "tcg", 2, "mkfs", 1.0, "2026-12-01T10:00:40Z"));
        Map<String, String> host = Map.of("filesystem", "ext4");
        Map<String, String> guest = Map.of("filesystem", "ext4-vm");
        assertEquals(2.0, u.around(host, "copy").getAsDouble(), 1e-9); // 4 s of wall for 2 s of copy
        assertEquals(11.0, u.around(guest, "copy").getAsDouble(), 1e-9); // (6 + 16) / 2
        assertTrue(u.around(guest, "mkfs").isEmpty(), "each guest mkfs started its repetition");
        assertEquals(19.0, u.guestBoot().getAsDouble(), 1e-9); // after the host's rows: 20 s for 1 s of mkfs
        assertEquals(4.0, u.guestNext().getAsDouble(), 1e-9); // after r1 of the same cell: 5 s for 1 s
    }

    @Test
    void aPauseBetweenAnInterruptionAndItsResumeIsNotTimeAroundAStep() {
        // cds-2009's full-size run: stopped after a copy, resumed 31 minutes later; the rows say nothing of it
        UnmeasuredTime u = new UnmeasuredTime();
        u.add(row("ext3", "host", 1, "mkfs", 1.0, "2026-12-02T05:00:01Z"));
        u.add(row("ext3", "host", 1, "copy", 10.0, "2026-12-02T05:00:16Z")); // 5 s around
        u.add(row("ext3", "host", 2, "mkfs", 1.0, "2026-12-02T05:00:20Z"));
        u.add(row("ext3", "host", 2, "copy", 10.0, "2026-12-02T05:31:20Z")); // the pause
        u.add(row("ext3", "host", 3, "mkfs", 1.0, "2026-12-02T05:31:25Z"));
        u.add(row("ext3", "host", 3, "copy", 10.0, "2026-12-02T05:31:41Z")); // 6 s around
        assertEquals(6.0, u.around(Map.of("filesystem", "ext3"), "copy").getAsDouble(), 1e-9);
    }

    @Test
    void aRecordedResumeLeavesItsPauseOutEvenWithOneRepetition() {
        UnmeasuredTime u = new UnmeasuredTime();
        u.add(row("ext3", "host", 1, "mkfs", 1.0, "2026-12-02T05:00:01Z"));
        u.add(row("ext3", "host", 1, "copy", 10.0, "2026-12-02T05:31:20Z")); // interrupted, resumed at 05:31:05
        u.add(row("ext3", "host", 1, "delete", 2.0, "2026-12-02T05:31:25Z")); // 3 s around
        u.resumedAt(java.time.Instant.parse("2026-12-02T05:31:05Z"));
        Map<String, String> ext3 = Map.of("filesystem", "ext3");
        assertTrue(u.around(ext3, "copy").isEmpty(), "the copy's only gap held the pause");
        assertEquals(3.0, u.around(ext3, "delete").getAsDouble(), 1e-9);
    }

    @Test
    void aRunWithoutGuestsOrTimesHasNone() {
        UnmeasuredTime u = new UnmeasuredTime();
        u.add(row("ext4", "host", 1, "mkfs", 1.0, "2026-12-01T10:00:01Z"));
        u.add(row("ext4-vm", "tcg", 1, "mkfs", 1.0, null));
        assertTrue(u.guestBoot().isEmpty() && u.guestNext().isEmpty());
        assertTrue(u.around(Map.of("filesystem", "ext4"), "mkfs").isEmpty(), "the run's first row has no gap");
    }
}
