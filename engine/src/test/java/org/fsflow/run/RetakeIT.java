package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiet:} for real: a process this test starts keeps one CPU busy for the whole run (a shell
 * loop, ended by its PID in {@code finally}), so every wait for a quiet host runs to its bound and
 * every step is disturbed by the same rule as the report's busy-host warning. The first disturbed
 * step is taken again (its row kept, marked retaken, out of the statistics) and the cell runs a
 * fourth repetition; once its one retake is spent, the others are marked disturbed and counted.
 */
// alone: it needs the other CPU's load to be its own hog's, not a neighbour test's
@org.junit.jupiter.api.Tag("alone")
class RetakeIT {

    static final String SCENARIO = """
            fsflow: 1
            name: retake-it
            devices:
              target: { dir: %s }
            baseline: false
            repeat: 3
            quiet: { wait: 1s, retake: 1 }
            steps:
              - name: nap
                run: sleep 1
            """;

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aBusyHostsStepsAreWaitedForRetakenOnceThenMarkedAndCounted() throws Exception {
        Path target = Files.createDirectories(dir.resolve("target"));
        Path scenario = dir.resolve("retake-it.yaml");
        Files.writeString(scenario, SCENARIO.formatted(target));
        Path out = dir.resolve("out");
        Process hog = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        Cli r;
        try {
            r = Cli.run(
                    "run",
                    scenario.toString(),
                    "--out",
                    out.toString(),
                    "--work",
                    dir.resolve("work").toString());
        } finally {
            hog.destroyForcibly();
            hog.waitFor(10, TimeUnit.SECONDS);
        }
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("r1/nap was disturbed"), r.out());

        List<Measurement> rows = ResultSet.load(out).measurements();
        assertEquals(
                List.of("r1/nap", "r2/nap", "r3/nap", "r4/nap"),
                rows.stream().map(Measurement::node).toList());
        assertEquals(
                List.of(true, false, false, false),
                rows.stream().map(Measurement::takenAgain).toList());
        assertEquals(
                java.util.Arrays.asList(null, true, true, true),
                rows.stream().map(Measurement::disturbed).toList(),
                rows.stream()
                        .map(m -> m.hostOtherCpuS() + "/" + m.realS())
                        .toList()
                        .toString());
        assertEquals(3, rows.stream().filter(Measurement::counted).count());

        List<TimelineRow> waits = Timeline.read(out).orElseThrow().rows().stream()
                .filter(t -> t.phase().equals("quiet"))
                .toList();
        assertEquals(4, waits.size(), waits.toString());
        assertTrue(waits.stream().allMatch(t -> t.seconds() >= 0.9), "each wait ran to its 1 s bound: " + waits);

        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("1 measurement was taken while other processes used more than half a CPU"), md);
        assertTrue(md.contains("3 more were disturbed after their cell had used its retakes"), md);
        assertTrue(md.contains("Quiet host"), md);
        assertTrue(md.contains("waits for a quiet host"), md);
        assertTrue(
                java.util.regex.Pattern.compile("\\| retakes \\| 1\\.\\d s")
                        .matcher(md)
                        .find(),
                "the retaken step's second: " + md);
    }
}
