package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fsflow.Leftovers;
import org.fsflow.vm.VmPlace;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Teardown and resume of a cell under another kernel, with real processes: the built fsflow jar
 * runs a host cell and a VM cell (Debian 6.1 kernel, TCG); while the guest is in a step, fsflow
 * is killed with SIGKILL (its QEMU must die with it) or interrupted with SIGINT (exit 3, nothing
 * left); then {@code fsflow resume} completes every node exactly once and leaves no QEMU, loop
 * device, mount or image behind. Needs root, the machine lock and the cached kernel package.
 */
class VmCrashIT {

    private static final Pattern PID = Pattern.compile("\\(pid (\\d+)\\)");

    @TempDir
    Path dir;

    Process fsflow;

    @AfterEach
    void cleanUp() throws Exception {
        if (fsflow != null && fsflow.isAlive()) {
            fsflow.destroyForcibly().waitFor();
        }
        for (long pid : qemuPids()) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroyForcibly();
                p.onExit().join();
            });
        }
        Leftovers.release(dir);
    }

    @Test
    void killMinusNineTakesTheGuestDownAndResumeCompletesInAFreshGuest() throws Exception {
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        fsflow = start(dir.resolve("run.log"), "run", scenario(), "--out", out.toString(), "--work", work.toString());
        long qemu = guestInPause(out);
        long killed = System.nanoTime();
        fsflow.destroyForcibly(); // SIGKILL to this java process only: nothing of fsflow runs its teardown
        assertTrue(fsflow.waitFor(60, TimeUnit.SECONDS));
        while ((running(qemu) || !qemuPids().isEmpty()) && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10)) {
            Thread.sleep(20);
        }
        double gone = (System.nanoTime() - killed) / 1e9;
        assertEquals(List.of(), qemuPids(), "QEMU dies with fsflow (setpriv --pdeathsig)");
        assertFalse(running(qemu), "the registered QEMU is gone (at most a zombie waiting for init)");
        System.out.printf("VmCrashIT: no QEMU %.2f s after kill -9 of fsflow%n", gone);
        assertTrue(Files.exists(out.resolve(VmPlace.STATE)), "the VM registry is left for resume");

        String log = resumeAndCheck(out, work);
        assertTrue(log.contains("VM resources left by the interrupted run"), log);
    }

    @Test
    void ctrlCEndsTheGuestExitsThreeAndResumeCompletes() throws Exception {
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        fsflow = start(dir.resolve("run.log"), "run", scenario(), "--out", out.toString(), "--work", work.toString());
        long qemu = guestInPause(out);
        long interrupted = System.nanoTime();
        new ProcessBuilder("kill", "-INT", String.valueOf(fsflow.pid())).start().waitFor();
        assertTrue(fsflow.waitFor(120, TimeUnit.SECONDS));
        String log = Files.readString(dir.resolve("run.log"));
        assertEquals(3, fsflow.exitValue(), log);
        System.out.printf("VmCrashIT: fsflow exited 3 %.2f s after SIGINT%n", (System.nanoTime() - interrupted) / 1e9);
        assertTrue(log.contains("fsflow resume " + out), log);
        assertFalse(running(qemu), "the guest was killed");
        assertNothingLeft(out, work);

        resumeAndCheck(out, work);
    }

    private String scenario() throws IOException {
        return Files.writeString(dir.resolve("s.yaml"), """
                        fsflow: 1
                        name: vmcrash
                        devices: { target: { loop: { size: 64MiB } } }
                        kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                        filesystems:
                          ext4: {}
                          ext4-vm: { type: ext4, kernel: debian-6.1 }
                        matrix: { filesystem: [ext4, ext4-vm] }
                        steps:
                          - mkfs
                          - mount
                          - name: write
                            run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=4 conv=fsync 2>/dev/null
                          - name: pause
                            run: sleep 4
                          - umount
                        """).toString();
    }

    /** The built jar run with {@code args} under TCG, its output to {@code log}. */
    static Process start(Path log, String... args) throws IOException {
        String jar = System.getProperty("fsflow.jar", "target/fsflow.jar");
        List<String> cmd = new ArrayList<>(List.of("java", "-jar", jar));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("FSFLOW_VM_ACCEL", "tcg");
        return pb.start();
    }

    // waits until the VM cell's write step is journaled (the guest is then in its pause step);
    // returns the QEMU pid the registry names, checked to be running
    private long guestInPause(Path out) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            Path results = out.resolve("results.jsonl");
            if (Files.exists(results)
                    && RunnerIT.results(out).stream()
                            .anyMatch(r -> r.path("filesystem").asText().equals("ext4-vm")
                                    && r.path("step").asText().equals("write"))) {
                Matcher m = PID.matcher(Files.readString(out.resolve(VmPlace.STATE)));
                assertTrue(m.find(), "the QEMU process is in the registry");
                long pid = Long.parseLong(m.group(1));
                assertTrue(qemuPids().contains(pid), "the registered QEMU runs: " + qemuPids());
                return pid;
            }
            assertTrue(fsflow.isAlive(), "fsflow ended early: " + Files.readString(dir.resolve("run.log")));
            Thread.sleep(50);
        }
        throw new AssertionError(
                "the VM cell's write step did not end within 5 minutes: " + Files.readString(dir.resolve("run.log")));
    }

    private String resumeAndCheck(Path out, Path work) throws Exception {
        long start = System.nanoTime();
        fsflow = start(dir.resolve("resume.log"), "resume", out.toString());
        assertTrue(fsflow.waitFor(10, TimeUnit.MINUTES));
        String log = Files.readString(dir.resolve("resume.log"));
        assertEquals(0, fsflow.exitValue(), log);
        System.out.printf("VmCrashIT: resume took %.1f s%n", (System.nanoTime() - start) / 1e9);
        List<JsonNode> rows = RunnerIT.results(out);
        assertEquals(10, RunnerIT.nodes(rows).size(), "every measured node exactly once: " + rows);
        for (JsonNode r : rows) {
            assertEquals("ok", r.path("status").asText(), r.toString());
            boolean vm = r.path("filesystem").asText().equals("ext4-vm");
            assertEquals(vm ? "tcg" : "host", r.path("virt").asText(), r.toString());
        }
        assertTrue(
                log.contains("run again unmeasured in a fresh guest"), "the VM unit ran from its first step: " + log);
        assertNothingLeft(out, work);
        return log;
    }

    private void assertNothingLeft(Path out, Path work) throws Exception {
        assertEquals(List.of(), qemuPids(), "no QEMU");
        assertFalse(Leftovers.loopsUnder(dir), "no loop device");
        assertFalse(Leftovers.mountsUnder(dir), "no mount");
        assertEquals(List.of(), madeFiles(work), "no image, job or pid file in the work directory");
        assertFalse(Files.exists(work.resolve(VmPlace.WORK_DIR)), "nor the guests' directory");
        RunnerIT.assertNoStateLeft(out);
        assertFalse(Files.exists(out.resolve(VmPlace.STATE)), "vm-state.json is removed");
    }

    private static List<Path> madeFiles(Path work) throws IOException {
        if (!Files.exists(work)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(work)) {
            return s.filter(p -> p.toString().matches(".*\\.(img|job|pid)$")).toList();
        }
    }

    // a zombie (its parent, fsflow, was killed and init has not reaped it yet) holds nothing: not running
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    // the QEMU processes of this test: their command lines name its images under the temp dir
    private List<Long> qemuPids() throws IOException {
        return Leftovers.qemuNaming(dir);
    }
}
