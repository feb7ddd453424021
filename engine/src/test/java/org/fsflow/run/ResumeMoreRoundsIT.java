package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.summary.RepeatEnds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finished run whose budget was spent, resumed for real with {@code --set repeat.budget=...}: it
 * runs more rounds of the same cells on a loop device this test creates, numbered after the ones
 * before, and says so in run.json, environment.json and the report; a {@code --set} that would
 * change the plan is refused and changes nothing.
 */
class ResumeMoreRoundsIT {

    static final String SCENARIO = """
            fsflow: 1
            name: more-rounds
            devices:
              target: { loop: { size: 64MiB } }
            filesystems:
              a: { type: ext4 }
              b: { type: ext2 }
            datasets:
              small: { dirs: 2, files: 24, size: 8KiB, seed: 3 }
            matrix:
              dataset: [small]
              filesystem: [a, b]
            repeat: { min: 2, max: 5, precision: 0.01%, budget: 10ms }
            seed: 7
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
    void aSpentBudgetGivenMoreRunsMoreRoundsOfTheSamePlan() throws Exception {
        Path scenario = Files.writeString(dir.resolve("more-rounds.yaml"), SCENARIO);
        Path out = dir.resolve("out");
        Cli r = Cli.run(
                "run",
                scenario.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        // the four planned repetitions (mkfs, mount, a copy, umount each) take far more than 10 ms on any
        // machine; a budget of 1 s was not spent where they took 0.2 s, and a third round ran
        assertEquals(2, copies(out, "a").size(), "the budget of 10ms leaves the planned rounds only: " + r.out());

        Cli refused = Cli.run("resume", out.toString(), "--set", "filesystem=a");
        assertEquals(2, refused.exitCode(), refused.out() + refused.err());
        assertTrue(refused.err().contains("resume --set 'filesystem=a'"), refused.err());
        assertEquals(2, copies(out, "a").size(), "nothing ran");

        Cli more = Cli.run("resume", out.toString(), "--set", "repeat.budget=2m");
        assertEquals(0, more.exitCode(), more.out() + more.err());
        assertTrue(more.out().contains("resumed with repeat.budget=2m"), more.out());
        for (String fs : List.of("a", "b")) {
            List<Integer> reps =
                    copies(out, fs).stream().map(Measurement::repeat).sorted().toList();
            assertEquals(List.of(1, 2, 3, 4, 5), reps, fs + ": rounds 3 to 5 after 1 and 2, up to max");
        }

        JsonNode run = Json.MAPPER.readTree(out.resolve("run.json").toFile());
        assertEquals(120.0, run.path("repeat_budget_s").asDouble(), run.toString());
        assertEquals("repeat.budget=2m", run.path("sets").get(0).asText(), run.toString());
        RunEnvironment env = RunEnvironment.read(out);
        assertEquals(List.of("repeat.budget=2m"), env.resumes().get(0).sets());
        for (RepeatEnds.Row e :
                RepeatEnds.of(ResultSet.load(out).series(), env.settings().shown())) {
            assertEquals(RepeatEnds.Ended.MAX, e.ended(), e.toString());
        }
        assertTrue(Files.readString(out.resolve("scenario.yaml")).contains("# --set repeat.budget=2m"));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("with --set repeat.budget=2m"), md);
    }

    private static List<Measurement> copies(Path out, String filesystem) {
        return ResultSet.load(out).measurements().stream()
                .filter(m -> m.step().equals("copy-in") && m.filesystem().equals(filesystem) && m.ok())
                .toList();
    }
}
