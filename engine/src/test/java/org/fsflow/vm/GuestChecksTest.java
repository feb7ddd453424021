package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory budget, flush and verify of a guest's step: the job's shell and what is read back. */
class GuestChecksTest {

    private final GuestStep copy = new GuestStep(
            "c/r1/copy",
            List.of("sh", "-c", "cp -r /w/datasets/ds /w/mnt/target"),
            null,
            null,
            false,
            60,
            true,
            true,
            128L << 20,
            "/w/mnt/target",
            "/w/datasets/ds",
            "/w/mnt/target/ds");
    private final GuestStep plain =
            new GuestStep("c/r1/walk", List.of("du", "-s", "b"), null, null, false, 60, true, false);
    private final List<GuestStep> steps = List.of(copy, plain);
    private final List<GuestResult> results = new ArrayList<>();
    private final GuestProtocol protocol = new GuestProtocol(steps, results::add);

    private void feed(String... lines) {
        for (String l : lines) {
            protocol.line(l);
        }
    }

    @Test
    void theJobSetsTheBudgetRunsTheCommandInItFlushesAndVerifies() {
        String job = GuestScript.job(List.of(), List.of("/w/mnt/target"), steps);
        assertTrue(job.contains("mount -t cgroup2 cgroup2 /sys/fs/cgroup"), job);
        assertTrue(job.contains("echo +memory > /sys/fs/cgroup/cgroup.subtree_control"), job);
        assertTrue(job.contains("echo 134217728 > /sys/fs/cgroup/fsflow/memory.max"), job);
        // the budgeted command runs in the budget's group, timed by the clock around it
        String budgeted = job.substring(job.indexOf("# c/r1/copy"), job.indexOf("# c/r1/walk"));
        assertTrue(budgeted.contains("  G=/sys/fs/cgroup/fsflow\n"), budgeted);
        assertTrue(budgeted.contains("set -- sh -c 'echo $$ > \"$0/cgroup.procs\" && exec \"$@\"' \"$G\""), budgeted);
        assertTrue(budgeted.contains("t0=$(now); \"$@\" /usr/bin/time -q -o /tmp/t"), budgeted);
        assertTrue(budgeted.contains("rc=$?; crc=$rc; t1=$(now)"), budgeted);
        assertTrue(job.contains("/usr/bin/timeout -s KILL 60 sync -f /w/mnt/target >/dev/null 2>&1"), job);
        assertTrue(job.contains("verify 0 /w/datasets/ds /w/mnt/target/ds || rc=1"), job);
        // the flush comes before the disks are read again: its writes are the step's
        assertTrue(job.indexOf("say flush 0") < job.indexOf("disks 0 after"), job);
        String walk = job.substring(job.indexOf("# c/r1/walk"));
        assertTrue(walk.contains("  G=$CPUCG\n") && !walk.contains("sync -f") && !walk.contains("verify 1"), walk);
        String bare = GuestScript.job(List.of(), List.of(), List.of(plain));
        // without budgets, cgroup v2 still measures CPU, without the memory controller
        assertTrue(bare.contains("mount -t cgroup2") && !bare.contains("+memory") && !bare.contains("verify()"), bare);
    }

    @Test
    void theClockAndCpuHelpersGiveMicroseconds() throws Exception {
        Path cg = Files.createTempDirectory("guest-cg");
        try {
            Files.writeString(cg.resolve("cpu.stat"), "usage_usec 30500\nuser_usec 20250\nsystem_usec 10250\n");
            String job = GuestScript.job(List.of(), List.of(), List.of(plain));
            // by its path: the job's busybox sh would run its own date applet, which has no %N
            assertTrue(job.contains("now() { " + GuestScript.gnuDate() + " +%s%N; }"), job);
            assertTrue(GuestScript.gnuDate().startsWith("/"), GuestScript.gnuDate());
            String helpers = job.substring(0, job.indexOf("STOP="));
            String script = helpers + "span 1796125857000000000 1796125858500123456; echo\n"
                    + "span 5 x\n" + "cpu before " + cg + "\ncpu after ''\n"
                    + "a=$(now); b=$(now); case \"$a$b\" in *[!0-9]*) echo no-ns ;; *) echo ns ;; esac\n";
            Process p = new ProcessBuilder("sh", "-c", script)
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
            assertEquals(
                    List.of("1.500123", "none", "before 20250 10250", "after none", "ns"),
                    out.lines().toList());
        } finally {
            Files.deleteIfExists(cg.resolve("cpu.stat"));
            Files.delete(cg);
        }
    }

    @Test
    void theJobIsValidShell() throws Exception {
        Path job = Files.createTempFile("guest-job", ".sh");
        try {
            Files.writeString(job, GuestScript.job(List.of(), List.of("/w/mnt/target"), steps));
            Process p = new ProcessBuilder("sh", "-n", job.toString())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out + Files.readString(job));
        } finally {
            Files.delete(job);
        }
    }

    @Test
    void theToolsOfFlushAndVerifyAreShipped() {
        List<Path> tools = GuestTools.of(steps);
        for (String t : List.of("sync", "diff", "cmp", "comm")) {
            Path host = GuestTools.which(t);
            assertTrue(host == null || tools.contains(host), t + " in " + tools);
        }
        assertTrue(GuestTools.which("sync") != null, "coreutils' sync is on this host");
        assertTrue(!GuestTools.of(List.of(plain)).contains(GuestTools.which("sync")), "only when a step flushes");
    }

    @Test
    void theBudgetAndTheFlushAreOnTheResultAndTheFlushIsInsideTheRealTime() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget 0 134217728",
                "@@FSFLOW disk 0 before vda 0 0 0",
                "@@FSFLOW flush 0 0.42 0",
                "@@FSFLOW disk 0 after vda 8 2048 30",
                "@@FSFLOW time 0 1.20 0.1 0.5 3000 10 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW verify 0 ok",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.OK, r.outcome().status(), r.outcome().reason());
        assertEquals(134217728L, r.outcome().around().memoryBudgetBytes());
        assertEquals(0.42, r.outcome().around().flushS());
        assertEquals(1.62, r.outcome().figures().realS());
        assertEquals(List.of("vda"), r.outcome().method().devices());
    }

    @Test
    void aCopyThatDiffersFailsTheStepInTheHostsWords() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget 0 134217728",
                "@@FSFLOW flush 0 0.01 0",
                "@@FSFLOW time 0 1.00 0.1 0.5 3000 10 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW verify 0 bad 200 0 1 1",
                "@@FSFLOW verify-first 0 dir1/file3 differs at byte 100",
                "@@FSFLOW verify-extra 0 junk",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.FAILED, r.outcome().status());
        assertEquals(0, r.outcome().exitCode());
        assertEquals(
                "verify: the copy /w/mnt/target/ds differs from dataset 'ds': 0 of 200 files missing, 1 different; "
                        + "first: dir1/file3 differs at byte 100; 1 extra file(s), first: junk",
                r.outcome().reason());
        assertEquals(1.01, r.outcome().figures().realS(), "measured all the same");
    }

    @Test
    void aBudgetTheGuestCannotApplyFailsTheStepUnmeasured() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget-failed 0 no cgroup v2 memory controller in the guest: mount: no such device",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.FAILED, r.outcome().status());
        assertEquals(
                "memory budget: no cgroup v2 memory controller in the guest: mount: no such device",
                r.outcome().reason());
        assertNull(r.outcome().figures(), "it did not run");
        assertNull(r.outcome().around().memoryBudgetBytes());
    }

    @Test
    void aStepTheGuestsKernelOomKilledInItsBudgetIsOutOfMemory() {
        String job = GuestScript.job(List.of(), List.of("/w/mnt/target"), steps);
        assertTrue(job.contains("ob=$(sed -n 's/^oom_kill //p' /sys/fs/cgroup/fsflow/memory.events)"), job);
        assertTrue(job.indexOf("say oom 0 $ob") > job.indexOf("fsflow-budget"), job);
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW budget 0 134217728",
                "@@FSFLOW time 0 0.40 0.1 0.2 131000 10 0",
                "@@FSFLOW oom 0 2 3",
                "@@FSFLOW exit 0 137",
                "@@FSFLOW done 0",
                "@@FSFLOW start 1",
                "@@FSFLOW time 1 0.40 0.1 0.2 3000 10 0",
                "@@FSFLOW exit 1 137",
                "@@FSFLOW done 1");
        assertEquals(Status.FAILED, results.get(0).outcome().status());
        assertEquals(
                "out of memory: the step used more than its budget of 128 MiB",
                results.get(0).outcome().reason());
        assertEquals("exit status 137", results.get(1).outcome().reason(), "no budget: no OOM reason");
    }

    @Test
    void aFailedFlushIsTheStepsFailure() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW time 0 1.00 0.1 0.5 3000 10 0",
                "@@FSFLOW flush 0 0.30 1",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW done 0");
        GuestResult r = results.get(0);
        assertEquals(Status.FAILED, r.outcome().status());
        assertEquals(1, r.outcome().exitCode());
        assertEquals(
                "exit status 1: flush: sync -f /w/mnt/target exited 1",
                r.outcome().reason());
        assertEquals(0.30, r.outcome().around().flushS());
    }

    @Test
    void aMissingCopyIsNamed() {
        feed(
                "@@FSFLOW start 0",
                "@@FSFLOW time 0 1.00 0 0 3000 1 0",
                "@@FSFLOW exit 0 0",
                "@@FSFLOW verify 0 nodir",
                "@@FSFLOW done 0");
        assertEquals(
                "verify: the copy /w/mnt/target/ds is missing (no such directory)",
                results.get(0).outcome().reason());
    }

    @Test
    void theGuestsVerifyComparesAOneFileCopyWithTheDatasetsOnlyFileUnderAnyName(@TempDir Path dir) throws Exception {
        Path dataset = Files.createDirectories(dir.resolve("datasets/iso"));
        byte[] bytes = new byte[10_000];
        bytes[4096] = 7;
        Files.write(dataset.resolve("fichier1"), bytes);
        Path copy = Files.write(dir.resolve("image.iso"), bytes);
        assertEquals("@@FSFLOW verify 0 ok", runVerify(dataset, copy));
        bytes[4096] = 8;
        Files.write(copy, bytes);
        assertEquals(
                "@@FSFLOW verify 0 bad 1 0 1 0\n@@FSFLOW verify-first 0 image.iso differs at byte 4096",
                runVerify(dataset, copy));
        Files.write(copy, new byte[100]);
        assertTrue(runVerify(dataset, copy).endsWith("image.iso has 100 bytes instead of 10000"));
    }

    // the job's verify function, run by the host's sh with the host's tools (the guest ships the same)
    private String runVerify(Path dataset, Path copy) throws Exception {
        // the verify function alone: the preamble mounts and makes cgroups, which a test must not do on the host
        String script = "say() { echo \"@@FSFLOW $*\"; }\n"
                + GuestChecks.verifyFunction()
                + "verify 0 " + dataset + " " + copy + "\n";
        Process p =
                new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor();
        return out.strip();
    }
}
