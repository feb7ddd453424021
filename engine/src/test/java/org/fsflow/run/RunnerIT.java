package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.host.HostLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner with real processes: order, failures, timeouts, results contract, the host lock. */
class RunnerIT {

    static final List<String> CONTRACT = List.of(
            "node",
            "step",
            "dataset",
            "filesystem",
            "repeat",
            "command",
            "status",
            "exit_code",
            "reason",
            "real_s",
            "user_s",
            "sys_s",
            "cpu_pct",
            "max_rss_kb",
            "minor_faults",
            "major_faults",
            "read_bytes",
            "write_bytes",
            "io_busy_ms",
            "started_at",
            "ended_at",
            "metrics",
            "host",
            "kernel",
            "virt");

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    Path scenario(String text) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, text.replace("DIR", dir.toString()));
        return f;
    }

    static List<JsonNode> results(Path out) throws IOException {
        return org.fsflow.TestResults.read(out);
    }

    @Test
    void smallestScenarioWritesEveryContractField() throws Exception {
        Path f = scenario("""
                fsflow: 1
                name: smallest
                devices: { target: { dir: DIR } }
                repeat: 3
                steps:
                  - name: write
                    run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=8 2>/dev/null
                  - name: burn
                    run: [sh, -c, "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"]
                  - sync
                """);
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = results(out);
        assertEquals(9, rows.size());
        for (JsonNode row : rows) {
            for (String field : CONTRACT) {
                assertTrue(row.has(field), field + " missing in " + row);
            }
            assertEquals("ok", row.get("status").asText(), row.toString());
            assertTrue(row.get("real_s").asDouble() > 0, row.toString());
            assertEquals("host", row.get("virt").asText(), "a cell run on this machine's own kernel");
            assertEquals(
                    Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip(),
                    row.get("kernel").asText());
            assertEquals(
                    Files.readString(Path.of("/proc/sys/kernel/hostname")).strip(),
                    row.get("host").asText());
        }
        JsonNode burn = rows.get(1);
        assertEquals("r1/burn", burn.get("node").asText());
        assertTrue(burn.get("user_s").asDouble() + burn.get("sys_s").asDouble() > 0, "a CPU loop uses CPU: " + burn);
        assertTrue(Files.exists(out.resolve("environment.json"))
                && Files.exists(out.resolve("scenario.yaml"))
                && Files.exists(out.resolve("run.json")));
        assertNoStateLeft(out);
    }

    @Test
    void executionOrderMatchesThePlanIncludingBeforeAndAfter() throws Exception {
        Path log = dir.resolve("markers.log");
        Path f = scenario("""
                fsflow: 1
                name: order
                devices: { target: { dir: DIR } }
                matrix: { colour: [red, blue] }
                repeat: 2
                order: interleaved
                steps:
                  - name: one
                    before: echo before-${cell.colour}-${repeat} >> LOG
                    run: echo one-${cell.colour}-${repeat} >> LOG
                  - name: two
                    run: [sh, -c, "echo two-$0-$1 >> $2", "${cell.colour}", "${repeat}", LOG]
                    after: echo after-${cell.colour}-${repeat} >> LOG
                """.replace("LOG", log.toString()));
        Path out = dir.resolve("out");
        Cli plan = Cli.run("plan", f.toString(), "--format", "json", "--out", out.toString());
        List<String> expected = new ArrayList<>();
        for (JsonNode n : new ObjectMapper().readTree(plan.out()).get("nodes")) {
            if (n.get("kind").asText().equals("step")) {
                String tag = n.get("cell").get("colour").asText() + "-"
                        + n.get("repeat").asInt();
                if (n.has("before")) {
                    expected.add("before-" + tag);
                }
                expected.add(n.get("step").asText() + "-" + tag);
                if (n.has("after")) {
                    expected.add("after-" + tag);
                }
            }
        }
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(expected, Files.readAllLines(log));
        assertEquals(
                List.of("before-red-1", "one-red-1", "two-red-1", "after-red-1", "before-blue-1"),
                Files.readAllLines(log).subList(0, 5));
    }

    @Test
    void aFailingStepIsRecordedAndSkipsTheRestOfItsCell() throws Exception {
        Path f = scenario("""
                fsflow: 1
                name: failing
                devices: { target: { dir: DIR } }
                matrix: { n: [a, b] }
                steps:
                  - name: maybe-fail
                    run: if [ ${cell.n} = a ]; then echo "disk on fire" >&2; exit 3; fi
                  - name: next
                    run: "true"
                """);
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(1, r.exitCode(), r.out());
        List<JsonNode> rows = results(out);
        assertEquals("failed", rows.get(0).get("status").asText());
        assertEquals(3, rows.get(0).get("exit_code").asInt());
        assertTrue(
                rows.get(0).get("reason").asText().contains("disk on fire"),
                rows.get(0).toString());
        assertEquals("skipped", rows.get(1).get("status").asText());
        assertTrue(
                rows.get(1).get("reason").asText().contains("a/r1/maybe-fail failed"),
                rows.get(1).toString());
        assertEquals("ok", rows.get(2).get("status").asText(), "the next cell runs");
        assertEquals("ok", rows.get(3).get("status").asText());
        assertTrue(r.out().contains("2 ok, 1 failed, 1 skipped"), r.out());
        assertNoStateLeft(out);
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() throws Exception {
        String marker = "100.4" + ProcessHandle.current().pid();
        Path f = scenario("""
                fsflow: 1
                name: timeout
                devices: { target: { dir: DIR } }
                steps:
                  - name: hang
                    run: sh -c 'sleep MARK & sleep MARK'
                    timeout: 1s
                """.replace("MARK", marker));
        Path out = dir.resolve("out");
        long start = System.nanoTime();
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(1, r.exitCode(), r.out());
        assertTrue((System.nanoTime() - start) / 1e9 < 30, "the run did not wait for the sleeps");
        JsonNode row = results(out).get(0);
        assertEquals("timeout", row.get("status").asText(), row.toString());
        Thread.sleep(200);
        long survivors = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains("sleep " + marker))
                .count();
        assertEquals(0, survivors, "every sleep of the tree is killed");
    }

    @Test
    void aSecondRunOnTheSameHostIsRefusedNamingTheFirst() throws Exception {
        Path f = scenario("fsflow: 1\nname: locked\ndevices: { target: { dir: DIR } }\nsteps: [sync]\n");
        try (HostLock held = HostLock.acquire("campaign test-holder -> somewhere")) {
            Cli r = Cli.run("run", f.toString(), "--out", dir.resolve("out").toString());
            assertEquals(1, r.exitCode());
            assertTrue(
                    r.err().contains("another fsflow campaign is running on this host")
                            && r.err().contains("test-holder"),
                    r.err());
            assertTrue(r.noStackTrace(), r.err());
        }
    }

    @Test
    void anOutputDirectoryWithResultsIsNotOverwritten() throws Exception {
        Path f = scenario("fsflow: 1\nname: again\ndevices: { target: { dir: DIR } }\nsteps: [sync]\n");
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", f.toString(), "--out", out.toString()).exitCode());
        Cli again = Cli.run("run", f.toString(), "--out", out.toString());
        assertEquals(1, again.exitCode());
        assertTrue(again.err().contains("holds the results of an earlier run"), again.err());
        assertEquals(1, results(out).size());
    }

    @Test
    void adaptiveRepeatAddsRepetitionsOnlyWhileACellIsNoisyAndNeverBeyondMax() throws Exception {
        Path f = scenario("""
                fsflow: 1
                name: adaptive
                devices: { target: { dir: DIR } }
                matrix: { kind: [steady, noisy] }
                repeat: { min: 2, max: 4, target_cv: 10% }
                steps:
                  - name: wait
                    run: if [ ${cell.kind} = steady ]; then sleep 0.3; else sleep 0.${repeat}; fi
                """);
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<String> ids =
                results(out).stream().map(n -> n.get("node").asText()).toList();
        assertEquals(
                List.of(
                        "steady/r1/wait",
                        "noisy/r1/wait",
                        "steady/r2/wait",
                        "noisy/r2/wait",
                        "noisy/r3/wait",
                        "noisy/r4/wait"),
                ids);
        assertTrue(r.out().contains("adaptive repeat: 1 cells short of their target"), r.out());
    }

    @Test
    void dryRunRunsNothing() throws Exception {
        Path f = scenario("fsflow: 1\nname: dry\ndevices: { target: { dir: DIR } }\n"
                + "steps: [ { name: touch, run: touch DIR/touched } ]\n");
        Cli r = Cli.run(
                "run", f.toString(), "--dry-run", "--out", dir.resolve("out").toString());
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("r1/touch"), r.out());
        assertFalse(Files.exists(dir.resolve("touched")));
        assertFalse(Files.exists(dir.resolve("out")));
    }

    static Set<String> nodes(List<JsonNode> rows) {
        Set<String> ids = new HashSet<>();
        for (JsonNode row : rows) {
            assertTrue(ids.add(row.get("node").asText()), "node written twice: " + row.get("node"));
        }
        return ids;
    }

    static void assertNoStateLeft(Path out) {
        assertFalse(Files.exists(out.resolve("state.json")), "state.json is removed after a clean end");
    }
}
