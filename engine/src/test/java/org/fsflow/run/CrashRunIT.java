package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Crash cells interrupted for real: the built jar runs two crash cells (ext4, ext4 data=journal,
 * in Debian 6.1 guests under TCG); during the second one fsflow gets SIGINT (exit 3) or SIGKILL.
 * No QEMU is left; {@code resume} keeps the first cell, runs the second whole, and the journal then
 * holds every point of each cell exactly once, with no image left in the work directory. Needs
 * root, the machine lock and the cached kernel package.
 */
class CrashRunIT {

    @org.junit.jupiter.api.io.TempDir
    Path dir;

    Process fsflow;

    @AfterEach
    void stopWhatIsLeft() throws Exception {
        qemuPids().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        if (fsflow != null) {
            fsflow.destroyForcibly().waitFor();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"INT", "KILL"})
    void anInterruptedCrashCellIsRunAgainWholeAndNothingIsLeft(String signal) throws Exception {
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        fsflow = VmCrashIT.start(
                dir.resolve("run.log"), "run", scenario(), "--out", out.toString(), "--work", work.toString());
        awaitLine("crash cell crash/ext4-journal/w: the workload", 300);
        awaitGuest("fsflow-crash-ext4-journal-w", 300); // inside the second cell: recording or recovering
        new ProcessBuilder("kill", "-" + signal, String.valueOf(fsflow.pid()))
                .start()
                .waitFor();
        assertTrue(fsflow.waitFor(120, TimeUnit.SECONDS));
        String log = Files.readString(dir.resolve("run.log"));
        if (signal.equals("INT")) {
            assertEquals(3, fsflow.exitValue(), log);
            assertTrue(log.contains("interrupted during crash/ext4-journal/w: not recorded"), log);
            assertEquals(List.of(), images(work), "no image after the teardown");
        }
        long killed = System.nanoTime();
        while (!qemuPids().isEmpty() && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10)) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), qemuPids(), "no QEMU: " + log);
        List<JsonNode> before = RunnerIT.results(out);
        assertTrue(before.stream().allMatch(r -> r.path("filesystem").asText().equals("ext4")), before.toString());

        fsflow = VmCrashIT.start(dir.resolve("resume.log"), "resume", out.toString());
        assertTrue(fsflow.waitFor(10, TimeUnit.MINUTES));
        String resumed = Files.readString(dir.resolve("resume.log"));
        assertEquals(0, fsflow.exitValue(), resumed);
        assertTrue(resumed.contains("kept: crash/ext4/w"), resumed);
        List<JsonNode> rows = RunnerIT.results(out);
        for (String fs : List.of("ext4", "ext4-journal")) {
            List<JsonNode> points = rows.stream()
                    .filter(r -> r.path("filesystem").asText().equals(fs))
                    .toList();
            assertTrue(points.size() >= 4, fs + ": " + points);
            assertEquals(
                    points.size(), points.get(0).path("crash").path("points").asInt(), fs);
            assertEquals(
                    points.size(),
                    new HashSet<>(points.stream()
                                    .map(r -> r.path("node").asText())
                                    .toList())
                            .size());
            points.forEach(r -> assertEquals("ok", r.path("status").asText(), r.toString()));
        }
        assertEquals(List.of(), qemuPids());
        assertEquals(List.of(), images(work));
    }

    private String scenario() throws IOException {
        return Files.writeString(dir.resolve("c.yaml"), """
                        fsflow: 1
                        name: crashrun
                        seed: 3
                        kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                        filesystems:
                          ext4: {}
                          ext4-journal: { type: ext4, mount_options: [data=journal] }
                        crash:
                          kernel: debian-6.1
                          filesystems: [ext4, ext4-journal]
                          points: 2
                          target: 64MiB
                          log: 128MiB
                          workloads:
                            w: |
                              for i in 1 2; do echo $i > f.$i; durable ./f.$i; echo x > u.$i; mark m$i; done
                        """).toString();
    }

    private void awaitLine(String text, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            String log = Files.readString(dir.resolve("run.log"));
            if (log.contains(text)) {
                return;
            }
            assertTrue(fsflow.isAlive(), "fsflow ended early: " + log);
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + text + "' within " + seconds + " s");
    }

    // waits until a guest of the second cell runs: the cell is recorded only after its last guest
    // ended, so a signal now lands inside it, however fast this machine is
    private void awaitGuest(String name, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            for (long pid : qemuPids()) {
                String cmd;
                try {
                    cmd = new String(Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")));
                } catch (IOException e) {
                    continue; // it ended meanwhile
                }
                if (cmd.contains(name)) {
                    return;
                }
            }
            assertTrue(fsflow.isAlive(), "fsflow ended early: " + Files.readString(dir.resolve("run.log")));
            Thread.sleep(20);
        }
        throw new AssertionError("no guest " + name + " within " + seconds + " s");
    }

    private static List<Path> images(Path work) throws IOException {
        Path crash = work.resolve(CrashRuns.WORK);
        if (!Files.exists(crash)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(crash)) {
            return s.toList();
        }
    }

    private List<Long> qemuPids() throws IOException {
        return org.fsflow.Leftovers.qemuNaming(dir);
    }
}
