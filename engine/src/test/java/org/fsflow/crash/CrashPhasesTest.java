package org.fsflow.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.place.PhaseLog;
import org.fsflow.result.Phase;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;
import org.fsflow.vm.Accel;
import org.fsflow.vm.BootKernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash cell's phases as the run's timeline.jsonl records them: its images, each guest's boot up
 * to its ready line, the recording's workload after it, and nothing for a recovery guest after its
 * boot (its time holds the measured mounts and checks); all at the place its rows name.
 */
class CrashPhasesTest {

    @TempDir
    Path dir;

    static final BootKernel KERNEL = new BootKernel(
            "debian-6.1", Path.of("/k/vmlinuz"), Path.of("/k/modules"), "6.1.0-57-amd64", "6.1.192-3", "00", "test");

    @Test
    void imagesBootsAndTheRecordingAreRecordedAtTheGuestsPlace() throws Exception {
        try (PhaseLog log = PhaseLog.open(dir)) {
            CrashPhases phases = new CrashPhases(log, "crash/ext4/spool");
            phases.images(KERNEL, Accel.TCG, java.time.Instant.now().minusMillis(5));
            CrashPhases.Guest recording = phases.launched(KERNEL, Accel.TCG, Phase.CRASH_RECORDING);
            recording.line("[    0.000000] Linux version 6.1");
            Thread.sleep(2);
            recording.line("@@FSFLOW ready 1.52");
            recording.line("@@FSFLOW ready 1.53"); // a second one does not end the boot again
            Thread.sleep(2);
            recording.ended();
            CrashPhases.Guest recovery = phases.launched(KERNEL, Accel.TCG, null);
            recovery.line("@@FSFLOW ready 1.40");
            recovery.ended();
            CrashPhases.Guest silent = phases.launched(KERNEL, Accel.TCG, Phase.CRASH_RECORDING);
            silent.ended(); // a guest that never got to its ready line: no boot, no recording
        }
        List<TimelineRow> rows = Timeline.read(dir).orElseThrow().rows();
        assertEquals(
                List.of("images", "boots", "crash-recording", "boots"),
                rows.stream().map(TimelineRow::phase).toList());
        for (TimelineRow r : rows) {
            assertEquals("guest tcg (6.1.0-57-amd64)", r.place(), "the place of the cell's rows");
            assertEquals("crash/ext4/spool", r.node());
            assertTrue(r.seconds() >= 0);
        }
        assertEquals(rows.get(1).endedAt(), rows.get(2).startedAt(), "the recording starts where the boot ends");
        assertTrue(rows.get(1).seconds() > 0.001 && rows.get(2).seconds() > 0.001);
    }

    @Test
    void noneRecordsNothing() {
        CrashPhases.Guest g = CrashPhases.NONE.launched(KERNEL, Accel.KVM, Phase.CRASH_RECORDING);
        g.line("@@FSFLOW ready 1");
        g.ended();
        CrashPhases.NONE.images(KERNEL, Accel.KVM, java.time.Instant.now());
        assertTrue(Timeline.read(dir).isEmpty());
    }
}
