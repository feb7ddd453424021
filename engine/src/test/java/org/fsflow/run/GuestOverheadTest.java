package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.Test;

/** A guest cell repetition's cost beyond its measured steps, read from an earlier run's row times. */
class GuestOverheadTest {

    private static Measurement row(String fs, String virt, int repeat, String step, double realS, String endedAt) {
        return DoctorTest.row(fs, step, realS, 0, 0).toBuilder()
                .cell(Map.of("filesystem", fs))
                .repeat(repeat)
                .virt(virt)
                .endedAt(endedAt)
                .build();
    }

    @Test
    void theGapBeforeEachGuestRepetitionAndBetweenItsRowsLessItsStepsIsItsOverhead() {
        GuestOverhead g = new GuestOverhead();
        // a host repetition, then two guest repetitions: 20 s and 30 s of wall for 5 s of steps each
        g.add(row("ext4", "host", 1, "mkfs", 1.0, "2026-12-01T10:00:01Z"));
        g.add(row("ext4", "host", 1, "copy", 2.0, "2026-12-01T10:00:03Z"));
        g.add(row("ext4-vm", "tcg", 1, "mkfs", 1.0, "2026-12-01T10:00:19Z"));
        g.add(row("ext4-vm", "tcg", 1, "copy", 4.0, "2026-12-01T10:00:23Z"));
        g.add(row("ext4-vm", "tcg", 2, "mkfs", 1.0, "2026-12-01T10:00:49Z"));
        g.add(row("ext4-vm", "tcg", 2, "copy", 4.0, "2026-12-01T10:00:53Z"));
        assertEquals((15.0 + 25.0) / 2, g.perRepetition().getAsDouble(), 1e-9);
    }

    @Test
    void aRunWithoutGuestsOrTimesHasNone() {
        GuestOverhead g = new GuestOverhead();
        g.add(row("ext4", "host", 1, "mkfs", 1.0, "2026-12-01T10:00:01Z"));
        g.add(row("ext4-vm", "tcg", 1, "mkfs", 1.0, null));
        assertTrue(g.perRepetition().isEmpty());
    }
}
