package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.RunSettings;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each resume is added to environment.json with the journal's size and last node, the rest kept. */
class ResumeRecordTest {

    // the settings of a resume given --set repeat.budget=2h
    static final RunSettings SETTINGS = new RunSettings(
            List.of("repeat.budget=2h"),
            1.0,
            Map.of(),
            1L,
            "rounds",
            3,
            30,
            null,
            0.05,
            7200.0,
            0,
            "out",
            "work",
            "rusage",
            "rusage",
            null,
            Map.of(),
            null);

    @TempDir
    Path out;

    @Test
    void eachResumeIsAddedAfterTheOnesBeforeIt() throws Exception {
        Files.writeString(out.resolve(RunEnvironment.FILE), "{\"host\": \"vm\", \"kernel\": \"6.18.44\"}\n");
        StringBuilder journal = new StringBuilder();
        for (String step : List.of("mkfs", "mount")) {
            journal.append(org.fsflow.result.Json.MAPPER.writeValueAsString(
                            Measurement.builder("a/ext4/r1/" + step, step)
                                    .dataset("a")
                                    .filesystem("ext4")
                                    .repeat(1)
                                    .cell(Map.of("filesystem", "ext4"))
                                    .command("x")
                                    .status(Status.OK)
                                    .exitCode(0)
                                    .realS(1.0)
                                    .readBytes(0L)
                                    .writeBytes(0L)
                                    .build()))
                    .append('\n');
        }
        Files.writeString(out.resolve("results.jsonl"), journal);
        ResumeRecord.add(out, Instant.parse("2026-12-02T05:50:12.345Z"), List.of(), null);
        ResumeRecord.add(out, Instant.parse("2026-12-02T06:10:00Z"), List.of("repeat.budget=2h"), SETTINGS);
        RunEnvironment env = RunEnvironment.read(out);
        assertEquals("vm", env.host(), "the rest is kept");
        assertEquals(2, env.resumes().size());
        RunEnvironment.Resume first = env.resumes().get(0);
        assertEquals("2026-12-02T05:50:12Z", first.at());
        assertEquals(2, first.afterRows());
        assertTrue(first.lastNode().endsWith("mount"), first.lastNode());
        assertEquals("2026-12-02T06:10:00Z", env.resumes().get(1).at());
        assertEquals(List.of(), first.sets());
        assertEquals(List.of("repeat.budget=2h"), env.resumes().get(1).sets());
        assertEquals("7200.0", env.settings().shown().get("repeat_budget_s"), "the settings the report reads");
    }
}
