package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.result.Phase;
import org.fsflow.summary.TimeSpent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A phase only some runs have (a crash cell's recorded workload) is a row of the table of where the
 * time went where the run recorded it, in every place's table, and nowhere else: a run without crash
 * cells keeps the table it had (TimeTableTest checks its rows).
 */
class CrashTimeTest {

    @TempDir
    Path dir;

    @Test
    void aRecordedCrashWorkloadIsARowOfEveryTable() throws Exception {
        Path fixture = TestPaths.resources("report/timetable");
        for (String f : List.of("results.jsonl", "environment.json", "run.json", "timeline.jsonl")) {
            Files.copy(fixture.resolve(f), dir.resolve(f));
        }
        Files.writeString(
                dir.resolve("timeline.jsonl"),
                "{\"phase\":\"crash-recording\",\"place\":\"" + TimeTableTest.GUEST
                        + "\",\"node\":\"crash/ext4/spool\","
                        + "\"started_at\":\"2026-12-01T23:25:30Z\",\"ended_at\":\"2026-12-01T23:25:42.5Z\"}\n",
                StandardOpenOption.APPEND);
        TimeSpent t = TimeTableTest.time(dir);
        TimeSpent.PlaceTime guest = t.places().stream()
                .filter(p -> p.label().equals(TimeTableTest.GUEST))
                .findFirst()
                .orElseThrow();
        assertEquals(12.5, guest.phaseSeconds().get(Phase.CRASH_RECORDING), 1e-9);
        TimeSection s = TimeSections.of(t);
        for (TimeSection.Table table : s.tables()) {
            List<String> phases =
                    table.rows().stream().map(TimeSection.Row::phase).toList();
            int around = phases.indexOf(Phase.AROUND.label());
            assertEquals(Phase.CRASH_RECORDING.label(), phases.get(around + 1), table.place() + ": " + phases);
        }
        TimeSection.Row row = s.tables().get(s.tables().size() - 1).rows().stream()
                .filter(r -> r.phase().equals("crash workloads recorded"))
                .findFirst()
                .orElseThrow();
        assertEquals("12.5 s", row.seconds());
        assertTrue(row.share().endsWith(" %"));
    }
}
