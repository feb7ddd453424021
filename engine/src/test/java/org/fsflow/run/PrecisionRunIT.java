package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.inference.TTest;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.summary.RepeatEnds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A/A/B for real, on a loop device this test creates: two cells of the same filesystem with the same
 * options and one mounted {@code sync} (every write waits for the device), run in rounds (the
 * default order) with a precision target. Every series ends by its target, max or the budget, as
 * the report says; every planned round runs every cell once, in orders drawn from the seed; the
 * A/A pair is not found different and the sync cell is found slower.
 *
 * <p>The two tests of means are Welch's at 1 % (one in a hundred A/A runs differs by chance at that
 * level; the sync copy is several times slower).
 */
// alone: it claims two identical cells do not differ, which a neighbour's changing load can break
@org.junit.jupiter.api.Tag("alone")
class PrecisionRunIT {

    static final String SCENARIO = """
            fsflow: 1
            name: precision-it
            devices:
              target: { loop: { size: 256MiB } }
            filesystems:
              a1: { type: ext4 }
              a2: { type: ext4 }
              slow: { type: ext4, mount_options: [sync] }
            datasets:
              small: { dirs: 2, files: 48, size: 16KiB, seed: 1 }
            matrix:
              dataset: [small]
              filesystem: [a1, a2, slow]
            repeat: { min: 4, max: 12, precision: 10%, budget: 3m }
            seed: 44
            steps:
              - mkfs
              - mount
              - name: copy-in
                run: cp -r ${dataset.path} ${target.mnt}
              - umount
            """;

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void anAaBRunInRoundsReachesItsPrecisionAndTellsTheSlowCellApart() throws Exception {
        Path scenario = dir.resolve("precision-it.yaml");
        Files.writeString(scenario, SCENARIO);
        Path out = dir.resolve("out");
        Cli r = Cli.run(
                "run",
                scenario.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("adaptive repeat: ended"), r.out());

        ResultSet results = ResultSet.load(out);
        List<Measurement> copies = results.measurements().stream()
                .filter(m -> m.step().equals("copy-in"))
                .toList();
        // the planned rounds: rows 1-3 are round 1, 4-6 round 2 ...; each holds every cell once
        List<List<String>> rounds = new ArrayList<>();
        for (int round = 1; round <= 4; round++) {
            int at = round;
            List<String> cells = copies.stream()
                    .filter(m -> m.repeat() == at)
                    .map(Measurement::filesystem)
                    .toList();
            assertEquals(3, cells.size(), "round " + round + ": " + cells);
            assertEquals(
                    cells,
                    copies.subList((round - 1) * 3, round * 3).stream()
                            .map(Measurement::filesystem)
                            .toList(),
                    "round " + round + " ran as one block");
            rounds.add(cells);
        }
        assertTrue(rounds.stream().distinct().count() > 1, "orders drawn anew each round: " + rounds);

        RunEnvironment env = RunEnvironment.read(out);
        List<RepeatEnds.Row> ends =
                RepeatEnds.of(results.series(), env.settings().shown());
        assertEquals(3, ends.size(), ends.toString());
        for (RepeatEnds.Row e : ends) {
            assertTrue(e.ended() != RepeatEnds.Ended.STOPPED, e.toString());
            if (e.ended() == RepeatEnds.Ended.TARGET) {
                assertTrue(e.precision() <= 0.10, e.toString());
            }
        }
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("## Repetitions") && md.contains("| small/a1 | copy-in |"), md);

        Map<String, double[]> times = new LinkedHashMap<>();
        for (String fs : List.of("a1", "a2", "slow")) {
            times.put(
                    fs,
                    copies.stream()
                            .filter(m -> m.filesystem().equals(fs) && m.ok())
                            .mapToDouble(Measurement::realS)
                            .toArray());
        }
        TTest welch = new TTest();
        double aa = welch.tTest(times.get("a1"), times.get("a2"));
        double ab = welch.tTest(times.get("a1"), times.get("slow"));
        String seen = "a1 " + java.util.Arrays.toString(times.get("a1")) + "\na2 "
                + java.util.Arrays.toString(times.get("a2")) + "\nslow " + java.util.Arrays.toString(times.get("slow"));
        assertTrue(aa > 0.01, "A/A found different, p = " + aa + "\n" + seen);
        assertTrue(
                ab < 0.01 && mean(times.get("slow")) > mean(times.get("a1")),
                "sync not found slower, p = " + ab + "\n" + seen);
    }

    static double mean(double[] v) {
        return java.util.Arrays.stream(v).average().orElse(Double.NaN);
    }
}
