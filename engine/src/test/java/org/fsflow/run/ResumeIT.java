package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupting a real fsflow process (SIGINT, then kill -9 with a loop device mounted) and
 * resuming it: every node ends up in results.jsonl exactly once, nothing stays set up, and
 * run.json keeps its labels ({@code --label}) and start.
 */
class ResumeIT {

    @TempDir
    Path dir;

    Process fsflow;

    @AfterEach
    void cleanUp() throws Exception {
        if (fsflow != null && fsflow.isAlive()) {
            fsflow.destroyForcibly().waitFor();
        }
        Leftovers.release(dir);
    }

    Process start(String... args) throws IOException {
        return start(dir.resolve("fsflow.log"), args);
    }

    /** fsflow's jar run with {@code args}, its output to {@code log}. */
    static Process start(Path log, String... args) throws IOException {
        String jar = System.getProperty("fsflow.jar", "target/fsflow.jar");
        List<String> cmd = new java.util.ArrayList<>(List.of("java", "-jar", jar));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    void waitForRows(Path out, int rows) throws Exception {
        waitForRows(fsflow, dir.resolve("fsflow.log"), out, rows);
    }

    /** Waits until {@code out}'s journal has {@code rows} rows, failing when {@code p} ends first or after 90 s. */
    static void waitForRows(Process p, Path log, Path out, int rows) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            Path results = out.resolve("results.jsonl");
            if (Files.exists(results) && Files.readAllLines(results).size() >= rows) {
                return;
            }
            assertTrue(p.isAlive(), "fsflow ended early: " + Files.readString(log));
            Thread.sleep(50);
        }
        throw new AssertionError("no " + rows + " rows within 90 s: " + Files.readString(log));
    }

    @Test
    void ctrlCExitsThreeAndResumeCompletes() throws Exception {
        Path f = dir.resolve("s.yaml");
        StringBuilder steps = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
            steps.append("  - name: s").append(i).append("\n    run: sleep 0.3\n");
        }
        Files.writeString(
                f,
                "fsflow: 1\nname: interrupted\ndevices: { target: { dir: " + dir + " } }\nrepeat: 2\n" + "steps:\n"
                        + steps);
        Path out = dir.resolve("out");
        fsflow = start(
                "run",
                f.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString(),
                "--label",
                "kernel_build=6.12-rc3",
                "--label",
                "round=2");
        waitForRows(out, 3);
        JsonNode recorded =
                org.fsflow.result.Json.MAPPER.readTree(out.resolve("run.json").toFile());
        assertEquals(
                "{\"kernel_build\":\"6.12-rc3\",\"round\":\"2\"}",
                recorded.get("labels").toString());
        new ProcessBuilder("kill", "-INT", String.valueOf(fsflow.pid())).start().waitFor();
        assertTrue(fsflow.waitFor(30, TimeUnit.SECONDS));
        String log = Files.readString(dir.resolve("fsflow.log"));
        assertEquals(3, fsflow.exitValue(), log);
        assertTrue(log.contains("fsflow resume " + out), log);
        int before = RunnerIT.results(out).size();
        assertTrue(before >= 3 && before < 12, "rows before resume: " + before);
        assertFalse(Files.exists(out.resolve("state.json")));

        Cli resumed = Cli.run("resume", out.toString());
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        List<JsonNode> rows = RunnerIT.results(out);
        Set<String> ids = RunnerIT.nodes(rows);
        assertEquals(12, ids.size());
        assertTrue(rows.stream().allMatch(r -> r.get("status").asText().equals("ok")));
        RunnerIT.assertNoStateLeft(out);
        JsonNode after =
                org.fsflow.result.Json.MAPPER.readTree(out.resolve("run.json").toFile());
        assertEquals(recorded.get("labels"), after.get("labels"), "resume keeps the labels");
        assertEquals(recorded.get("started_at"), after.get("started_at"), "and the start");
        List<org.fsflow.result.RunEnvironment.Resume> resumes =
                org.fsflow.result.RunEnvironment.read(out).resumes();
        assertEquals(1, resumes.size(), "environment.json records the resume");
        assertEquals(before, resumes.get(0).afterRows(), "after the rows the interrupted run stored");
        assertTrue(
                Files.readString(out.resolve("report.md"))
                        .contains("resumed at " + resumes.get(0).at()),
                "the report says so");
    }

    @Test
    void killMinusNineLeavesALoopDeviceThatResumeReleasesAndCompletes() throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, """
                fsflow: 1
                name: killed
                devices: { target: { loop: { size: 256MiB } } }
                filesystems: { ext4: {} }
                matrix: { filesystem: [ext4] }
                repeat: 2
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=16 conv=fsync 2>/dev/null
                  - name: pause
                    run: sleep 2
                  - umount
                """);
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        fsflow = start("run", f.toString(), "--out", out.toString(), "--work", work.toString());
        waitForRows(out, 3);
        Thread.sleep(300);
        fsflow.destroyForcibly();
        fsflow.waitFor(30, TimeUnit.SECONDS);
        assertTrue(Leftovers.loopsUnder(work), "the killed run left its loop device (the point of this test)");
        assertTrue(Leftovers.mountsUnder(work), "and its mount");
        assertTrue(Files.exists(out.resolve("state.json")));
        // the sleep that was running belongs to the dead run; let it end
        Thread.sleep(2200);

        Cli resumed = Cli.run("resume", out.toString());
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(resumed.out().contains("released"), resumed.out());
        List<JsonNode> rows = RunnerIT.results(out);
        assertEquals(10, RunnerIT.nodes(rows).size(), rows.toString());
        assertTrue(rows.stream().allMatch(r -> r.get("status").asText().equals("ok")), rows.toString());
        assertFalse(Leftovers.loopsUnder(work), "resume released the loop device");
        assertFalse(Leftovers.mountsUnder(work), "and the mount");
        RunnerIT.assertNoStateLeft(out);
    }
}
