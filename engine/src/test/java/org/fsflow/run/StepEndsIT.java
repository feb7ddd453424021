package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a step's end is told, for real (the built jar, real processes, a real memory cgroup): a
 * step killed by an outside SIGKILL while the run goes on is a failure naming the signal; the
 * same kill followed at once by fsflow's own death is run again by resume; a step over its
 * memory budget fails as out of memory and the next step runs.
 */
class StepEndsIT {

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

    // the first step sleeps (a marker in its command line) the first time it runs, then is quick
    Path scenario() throws IOException {
        Files.createDirectories(dir.resolve("place"));
        return Files.writeString(
                dir.resolve("s.yaml"), """
                fsflow: 1
                name: ends
                devices: { target: { dir: %s } }
                matrix: { n: [a] }
                on_error: continue
                steps:
                  - name: victim
                    run: "[ -e %s ] || { touch %s; sleep 31.4159; }"
                  - name: next
                    run: "true"
                """.formatted(dir.resolve("place"), dir.resolve("once"), dir.resolve("once")));
    }

    Process start(Path out) throws IOException {
        String jar = System.getProperty("fsflow.jar", "target/fsflow.jar");
        return new ProcessBuilder(
                        "java",
                        "-jar",
                        jar,
                        "run",
                        scenario().toString(),
                        "--out",
                        out.toString(),
                        "--work",
                        dir.resolve("work").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("fsflow.log").toFile())
                .start();
    }

    // the step's sleep, once it runs
    static ProcessHandle victim(Process fsflow) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && fsflow.isAlive()) {
            Optional<ProcessHandle> sleep = fsflow.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("sleep 31.4159"))
                    .findFirst();
            if (sleep.isPresent()) {
                return sleep.get();
            }
            Thread.sleep(5);
        }
        throw new AssertionError("the step never started");
    }

    static void kill9(long pid) throws Exception {
        new ProcessBuilder("kill", "-KILL", Long.toString(pid)).start().waitFor();
    }

    List<Measurement> rows(Path out) {
        return Journal.read(out.resolve(Journal.FILE));
    }

    @Test
    void anOutsideSigkillWhileTheRunGoesOnIsAFailureNamingTheSignal() throws Exception {
        Path out = dir.resolve("out");
        fsflow = start(out);
        kill9(victim(fsflow).pid());
        assertTrue(fsflow.waitFor(120, TimeUnit.SECONDS));
        String log = Files.readString(dir.resolve("fsflow.log"));
        assertEquals(1, fsflow.exitValue(), log);
        List<Measurement> rows = rows(out);
        assertEquals(
                List.of("a/r1/victim", "a/r1/next"),
                rows.stream().map(Measurement::node).toList(),
                log);
        Measurement killed = rows.get(0);
        assertEquals(Status.FAILED, killed.status());
        assertEquals("SIGKILL", killed.signal());
        assertTrue(killed.reason().startsWith("killed by SIGKILL from outside fsflow"), killed.reason());
        assertEquals(Status.OK, rows.get(1).status(), "the run went on");
    }

    @Test
    void theSameKillFollowedAtOnceByFsflowsOwnDeathIsRunAgainByResume() throws Exception {
        Path out = dir.resolve("out");
        fsflow = start(out);
        kill9(victim(fsflow).pid());
        kill9(fsflow.pid());
        assertTrue(fsflow.waitFor(60, TimeUnit.SECONDS));
        assertEquals(List.of(), rows(out), "the step killed with fsflow is not recorded");
        Cli resumed = Cli.run("resume", out.toString());
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        List<Measurement> rows = rows(out);
        assertEquals(
                List.of("a/r1/victim", "a/r1/next"),
                rows.stream().map(Measurement::node).toList());
        assertTrue(rows.stream().allMatch(Measurement::ok), rows.toString());
    }

    @Test
    void aStepOverItsBudgetFailsAsOutOfMemoryAndTheNextStepRuns() throws Exception {
        Files.createDirectories(dir.resolve("place"));
        Path f = Files.writeString(dir.resolve("m.yaml"), """
                fsflow: 1
                name: budget
                devices: { target: { dir: %s } }
                matrix: { n: [a] }
                on_error: continue
                steps:
                  - name: hog
                    memory: 64MiB
                    run: python3 -c "b = bytearray(300 << 20); print(len(b))"
                  - name: tiny
                    memory: 64MiB
                    run: java -Xms256m -XX:+AlwaysPreTouch -version
                  - name: next
                    run: "true"
                """.formatted(dir.resolve("place")));
        Path out = dir.resolve("out");
        Cli run = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(1, run.exitCode(), run.out() + run.err());
        List<Measurement> rows = rows(out);
        assertEquals(
                List.of("a/r1/hog", "a/r1/tiny", "a/r1/next"),
                rows.stream().map(Measurement::node).toList());
        Measurement hog = rows.get(0);
        assertEquals(Status.FAILED, hog.status());
        assertTrue(
                hog.reason().startsWith("out of memory: the step used more than its budget of 64 MiB"), hog.reason());
        assertTrue(hog.oomKills() >= 1, hog.toString());
        Measurement tiny = rows.get(1);
        assertEquals(Status.FAILED, tiny.status(), "a budget too small for the tool to start");
        assertTrue(
                tiny.reason().startsWith("out of memory: the step used more than its budget of 64 MiB"), tiny.reason());
        assertEquals(Status.OK, rows.get(2).status(), "the next step runs");
        assertEquals(List.of(), FaithfulIT.fsflowCgroups(), "no cgroup left");
    }
}
