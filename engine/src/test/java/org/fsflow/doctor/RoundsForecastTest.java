package org.fsflow.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Repeat;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Doctor's forecast of an adaptive repeat's repetitions from an earlier run's spread, and the
 * duration it carries: a noisy cell needs more rounds, a steady one its minimum, the budget caps both.
 */
class RoundsForecastTest {

    static final String TEXT = """
            fsflow: 1
            name: rounds
            devices:
              target: { loop: { size: 2G } }
            filesystems: { ext4: {}, xfs: {}, btrfs: {} }
            datasets:
              a: { dirs: 1, files: 4, size: 1MiB }
            matrix: { dataset: [a], filesystem: [ext4, xfs, btrfs] }
            repeat: { min: 3, max: 20, precision: 5%%%s }
            steps:
              - mkfs
              - name: copy
                run: cp -r ${dataset.path} ${target.mnt}
            """;

    @TempDir
    Path tmp;

    static Repeat repeat(double precision, double targetCv) {
        return new Repeat(3, 20, targetCv, precision, null, null);
    }

    @Test
    void theRepetitionsASeriesNeedsFollowItsSpread() {
        // t(0.975, 6) x 0.05 / sqrt(7) = 0.046 <= 0.05, while t(0.975, 5) x 0.05 / sqrt(6) = 0.052
        assertEquals(7, RoundsForecast.needed(repeat(0.05, 0), 0.05));
        assertEquals(3, RoundsForecast.needed(repeat(0.05, 0), 0.01), "steady: the minimum");
        assertEquals(20, RoundsForecast.needed(repeat(0.05, 0), 0.30), "out of reach: max");
        assertEquals(20, RoundsForecast.needed(repeat(0, 0.03), 0.05), "a cv over its target stays over it");
        assertEquals(3, RoundsForecast.needed(repeat(0, 0.03), 0.02));
    }

    @Test
    void aNoisyCellIsExpectedToRunLongerAndTheBudgetCapsTheWhole() throws Exception {
        Path earlier = tmp.resolve("reports/rounds");
        java.nio.file.Files.createDirectories(earlier);
        java.nio.file.Files.writeString(earlier.resolve("run.json"), "{\"scale\": 1}");
        try (Journal j = Journal.open(earlier.resolve(Journal.FILE))) {
            double[] steady = {10.0, 10.1, 9.9};
            double[] noisy = {10.0, 16.0, 7.0};
            for (int r = 0; r < 3; r++) {
                j.append(row("ext4", r + 1, steady[r]));
                j.append(row("xfs", r + 1, noisy[r]));
            }
        }
        Plan plan = plan("");
        RoundsForecast f =
                RoundsForecast.of(plan.scenario(), plan.cells(), earlier).orElseThrow();
        assertEquals(Map.of("a/ext4", 3, "a/xfs", 20), f.repetitions());
        assertEquals(List.of("a/btrfs"), f.unknown());
        assertEquals(20 / 3.0, f.factor(plan.cells().get(1)), 1e-9);
        String line = f.line(1);
        assertTrue(
                line.startsWith("repetitions: for a precision of 5 % from the spread")
                        && line.contains("a/xfs 20 (copy cv 42 % at n = 3)")
                        && line.contains("1 of them at max 20"),
                line);
        assertTrue(line.contains("1 cells it did not measure counted at min 3"), line);

        Plan budgeted = plan(", budget: 1m");
        RoundsForecast capped = RoundsForecast.of(budgeted.scenario(), budgeted.cells(), earlier)
                .orElseThrow();
        assertEquals(0.5, capped.budgetShare(120, 30), 1e-9, "a minute of two fits");
        assertEquals(0.75, capped.budgetShare(120, 90), 1e-9, "the planned repetitions run whatever the budget");
        assertTrue(capped.line(0.5).contains("the budget of 1:00 ends the rounds first (about 50 %"), capped.line(0.5));
    }

    private static Plan plan(String budget) throws Exception {
        Scenario s = ScenarioLoader.load(SourceText.of("rounds.yaml", TEXT.formatted(budget)), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    private static Measurement row(String fs, int repeat, double seconds) {
        return Measurement.builder("a/" + fs + "/r" + repeat + "/copy", "copy")
                .dataset("a")
                .filesystem(fs)
                .repeat(repeat)
                .cell(Map.of("dataset", "a", "filesystem", fs))
                .command("x")
                .status(Status.OK)
                .exitCode(0)
                .realS(seconds)
                .build();
    }
}
