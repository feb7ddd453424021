package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.dataset.DatasetGenerator;
import org.fsflow.dataset.Manifest;
import org.fsflow.lang.Location;
import org.fsflow.result.Status;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Boots the Debian 6.1 kernel under QEMU (TCG here), formats reiserfs and jfs on a virtio disk,
 * mounts them, copies a seeded dataset from the read-only source image, measures each step in
 * the guest, unmounts and powers off; then checks the figures and that nothing is left running.
 * Needs root, the machine lock, and apt access for the first download of the kernel package.
 */
class VmSessionIT {

    /** The kernel of the seeds' VM cells. */
    static final String DEBIAN_6_1 = "linux-image-6.1.0-57-amd64";

    static final Path KERNELS = Path.of("/var/tmp/fsflow/kernels");

    @TempDir
    Path dir;

    private final List<Long> pids = new ArrayList<>();

    @AfterEach
    void nothingLeftRunning() {
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroyForcibly();
                throw new AssertionError("QEMU " + pid + " still ran after the session");
            });
        }
    }

    @Test
    void reiserfsAndJfsRunMeasuredInAGuest() throws IOException {
        BootKernel kernel = new KernelStore(KERNELS)
                .resolve(new KernelSpec.Debian("debian-6.1", DEBIAN_6_1, Location.of("t.yaml", 1, 1)));
        assertTrue(kernel.version().startsWith("6.1."), kernel.version());
        // Debian's kernel boots uncompressed, through its PVH entry: the guest below runs it
        assertTrue(kernel.direct() != null && DirectBoot.hasPvhEntry(kernel.direct()), String.valueOf(kernel.direct()));
        List<String> argv = Qemu.argv(new Qemu.Config(
                "x",
                kernel,
                dir.resolve("i"),
                null,
                List.of(),
                Accel.TCG,
                1,
                256,
                java.time.Duration.ofSeconds(1),
                dir.resolve("p")));
        assertEquals(kernel.direct().toString(), argv.get(argv.indexOf("-kernel") + 1));
        Dataset d = new Dataset(
                "ds",
                4,
                50,
                new Dataset.SizeSpec.Fixed(16384),
                1,
                Dataset.Content.RANDOM,
                org.fsflow.scenario.Defaults.DIR_NAME,
                org.fsflow.scenario.Defaults.FILE_NAME,
                null,
                null,
                Location.of("t.yaml", 1, 1));
        Path datasets = dir.resolve("datasets");
        Manifest m = new DatasetGenerator(2).generate(d, 7, datasets.resolve("ds"));
        Path source = dir.resolve("source.img");
        Path target = dir.resolve("target.img");
        SourceImage.build(datasets, source);
        try (RandomAccessFile f = new RandomAccessFile(target.toFile(), "rw")) {
            f.setLength(512L << 20);
        }
        String mnt = dir.resolve("mnt/target").toString();
        List<GuestStep> steps = new ArrayList<>();
        for (String fs : List.of("reiserfs", "jfs")) {
            steps.add(step(
                    fs + "/mkfs",
                    fs.equals("jfs")
                            ? List.of("mkfs.jfs", "-q", "/dev/vda")
                            : List.of("mkfs.reiserfs", "-f", "-q", "/dev/vda")));
            steps.add(step(fs + "/mount", List.of("mount", "-t", fs, "/dev/vda", mnt)));
            steps.add(step(
                    fs + "/copy", List.of("sh", "-c", "cp -r " + datasets.resolve("ds") + " " + mnt + "/ && sync")));
            steps.add(step(fs + "/count", List.of("sh", "-c", "find " + mnt + "/ds -type f | wc -l")));
            steps.add(step(fs + "/umount", List.of("umount", mnt)));
        }
        // a step of six seconds keeps its time series
        steps.add(step("slow", List.of("sh", "-c", "dd if=/dev/zero of=/dev/vda bs=1M count=8 status=none; sleep 6")));
        List<GuestResult> results = new ArrayList<>();
        VmSession.Request request = new VmSession.Request(
                "fsflow-vm-it",
                kernel,
                List.of("reiserfs", "jfs", "ext4"),
                List.of(new Qemu.Disk(target, false), new Qemu.Disk(source, true)),
                List.of(new GuestMount("/dev/vdb", datasets.toString(), "ext4", true)),
                List.of(mnt),
                steps,
                2,
                512,
                dir,
                VmSession.accel(KERNELS, kernel, System.err::println));
        VmSession.Outcome outcome = new VmSession(KERNELS).run(request, results::add, pids::add);

        assertNull(outcome.problem(), outcome.problem());
        System.out.printf(
                "VM: %s, boot %.2f s, wall %.2f s%n",
                outcome.accel().label(), outcome.bootSeconds(), outcome.wallSeconds());
        assertEquals(steps.size(), results.size());
        for (GuestResult r : results) {
            System.out.printf(
                    "  %-16s %s %.6f s (user %.6f sys %.6f, %s) rss %d KiB read %d write %d%n",
                    steps.get(r.index()).id(),
                    r.outcome().status(),
                    r.outcome().figures().realS(),
                    r.outcome().figures().userS(),
                    r.outcome().figures().sysS(),
                    r.outcome().method().cpuMethod(),
                    r.outcome().figures().maxRssKb(),
                    r.outcome().figures().readBytes(),
                    r.outcome().figures().writeBytes());
            assertEquals(
                    Status.OK,
                    r.outcome().status(),
                    steps.get(r.index()).id() + ": " + r.outcome().reason());
            assertTrue(r.outcome().figures().maxRssKb() > 0
                    && r.outcome().figures().realS() >= 0);
            // the guest's clock and cgroup, not GNU time's 10 ms
            assertEquals(
                    GuestClock.CPU_METHOD,
                    r.outcome().method().cpuMethod(),
                    steps.get(r.index()).id());
            assertTrue(r.realClock(), steps.get(r.index()).id());
        }
        // GNU time gave multiples of 10 ms; the guest's clock gives microseconds: among this many
        // steps, not every real time is a multiple of 10 ms (one is one time in 10,000 by chance)
        assertTrue(
                results.stream().anyMatch(r -> Math.round(r.outcome().figures().realS() * 1e6) % 10_000 != 0),
                "real times to the microsecond");
        assertTrue(
                results.stream()
                        .anyMatch(r -> Math.round((r.outcome().figures().userS()
                                                        + r.outcome().figures().sysS())
                                                * 1e6)
                                        % 10_000
                                != 0),
                "CPU times to the microsecond");
        for (int copy : List.of(2, 7)) {
            assertTrue(
                    results.get(copy).outcome().figures().writeBytes() >= m.bytes(),
                    "the copy wrote its bytes to /dev/vda");
            assertTrue(results.get(copy).outcome().figures().readBytes() > 0, "the copy read the source image");
            assertEquals(
                    String.valueOf(m.files()),
                    new String(results.get(copy + 1).stdout(), StandardCharsets.UTF_8).strip());
            // the guest's page cache told from its disks, and its kernel threads, as on the host
            org.fsflow.result.Traffic t =
                    results.get(copy).outcome().around().observed().traffic();
            System.out.println(
                    "  traffic " + t + ", kernel " + results.get(copy).kernel().byClass());
            assertTrue(t.vfsWriteBytes() >= m.bytes() && t.vfsReadBytes() >= m.bytes(), t.toString());
            assertTrue(t.storageWriteBytes() >= m.bytes(), "the copy dirtied its bytes: " + t);
            assertTrue(t.dirtyEndBytes() != null && t.writebackEndBytes() != null, t.toString());
            assertTrue(results.get(copy).kernel().seconds() >= 0, "the guest's kernel threads were read");
            String cls = copy == 2 ? "reiserfs" : "jfs";
            assertTrue(
                    GuestObserved.attributed(results.get(copy), cls)
                                    .outcome()
                                    .around()
                                    .kernel()
                            != null,
                    cls);
        }
        assertTrue(results.stream().allMatch(r -> r.kernel() != null), "every measured step has its kernel threads");
        org.fsflow.result.TimeSeries series =
                results.get(results.size() - 1).outcome().around().observed().samples();
        System.out.println("  series " + series);
        assertTrue(series != null && series.size() >= 5, "the six-second step's series: " + series);
        assertTrue(series.tS().get(series.size() - 1) >= 6, series.toString());
        assertFalse(Files.exists(dir.resolve("fsflow-vm-it.pid")), "the pid file is removed");
        for (long pid : pids) {
            assertTrue(ProcessHandle.of(pid).isEmpty(), "QEMU has exited");
        }
    }

    @Test
    void aBudgetAFlushAndAVerifyRunInTheGuestAndACorruptedCopyFails() throws IOException {
        BootKernel kernel = new KernelStore(KERNELS)
                .resolve(new KernelSpec.Debian("debian-6.1", DEBIAN_6_1, Location.of("t.yaml", 1, 1)));
        Dataset d = new Dataset(
                "ds",
                3,
                20,
                new Dataset.SizeSpec.Fixed(16384),
                1,
                Dataset.Content.RANDOM,
                org.fsflow.scenario.Defaults.DIR_NAME,
                org.fsflow.scenario.Defaults.FILE_NAME,
                null,
                null,
                Location.of("t.yaml", 1, 1));
        Path datasets = dir.resolve("datasets");
        Manifest m = new DatasetGenerator(2).generate(d, 7, datasets.resolve("ds"));
        Path source = dir.resolve("source.img");
        Path target = dir.resolve("target.img");
        SourceImage.build(datasets, source);
        try (RandomAccessFile f = new RandomAccessFile(target.toFile(), "rw")) {
            f.setLength(256L << 20);
        }
        String mnt = dir.resolve("mnt/target").toString();
        String ds = datasets.resolve("ds").toString();
        long budget = 96L << 20;
        List<GuestStep> steps = List.of(
                step("c/r1/mkfs", List.of("mkfs.ext4", "-q", "-F", "/dev/vda")),
                step("c/r1/mount", List.of("mount", "-t", "ext4", "/dev/vda", mnt)),
                checked("c/r1/copy", "cp -r " + ds + " " + mnt + "/", budget, mnt, ds, mnt + "/ds"),
                checked(
                        "c/r1/cgroup",
                        "cat /proc/self/cgroup /sys/fs/cgroup/fsflow/memory.max",
                        80L << 20,
                        null,
                        null,
                        null),
                // the copy is altered after cp: the step's own verify must catch it
                checked(
                        "c/r1/corrupt",
                        "cp -r " + ds + " " + mnt + "/bad && truncate -s 100 \"$(find " + mnt
                                + "/bad -type f | sort | head -n 1)\"",
                        budget,
                        null,
                        ds,
                        mnt + "/bad"),
                step("c/r1/umount", List.of("umount", mnt)));
        List<GuestResult> results = new ArrayList<>();
        VmSession.Request request = new VmSession.Request(
                "fsflow-vm-it-checks",
                kernel,
                List.of("ext4"),
                List.of(new Qemu.Disk(target, false), new Qemu.Disk(source, true)),
                List.of(new GuestMount("/dev/vdb", datasets.toString(), "ext4", true)),
                List.of(mnt),
                steps,
                2,
                1024,
                dir,
                VmSession.accel(KERNELS, kernel, System.err::println));
        VmSession.Outcome outcome = new VmSession(KERNELS).run(request, results::add, pids::add);
        assertNull(outcome.problem(), outcome.problem());
        assertEquals(steps.size(), results.size());
        for (GuestResult r : results) {
            System.out.printf(
                    "  %-14s %s real %.2f flush %s budget %s devices %s: %s%n",
                    steps.get(r.index()).id(),
                    r.outcome().status(),
                    r.outcome().figures().realS(),
                    r.outcome().around().flushS(),
                    r.outcome().around().memoryBudgetBytes(),
                    r.outcome().method().devices(),
                    r.outcome().reason());
        }
        GuestResult copy = results.get(2);
        assertEquals(Status.OK, copy.outcome().status(), copy.outcome().reason());
        assertEquals(budget, copy.outcome().around().memoryBudgetBytes(), "memory.max as read back in the guest");
        assertTrue(
                copy.outcome().around().flushS() != null
                        && copy.outcome().around().flushS() >= 0,
                "the flush was timed");
        assertTrue(copy.outcome().figures().realS() >= copy.outcome().around().flushS());
        assertTrue(
                copy.outcome().figures().writeBytes() >= m.bytes(),
                "flushed: the copy's bytes reached /dev/vda in the step");
        assertTrue(
                copy.outcome().method().devices().contains("vda"),
                copy.outcome().method().devices().toString());
        GuestResult cgroup = results.get(3);
        assertEquals(Status.OK, cgroup.outcome().status(), cgroup.outcome().reason());
        assertEquals("0::/fsflow\n" + (80L << 20), new String(cgroup.stdout(), StandardCharsets.UTF_8).strip());
        assertNull(cgroup.outcome().around().flushS(), "no flush asked");
        GuestResult bad = results.get(4);
        assertEquals(Status.FAILED, bad.outcome().status());
        assertTrue(
                bad.outcome()
                        .reason()
                        .startsWith("verify: the copy " + mnt + "/bad differs from dataset 'ds': 0 of " + m.files()
                                + " files missing, 1 different; first: "),
                bad.outcome().reason());
        assertTrue(
                bad.outcome().reason().endsWith(" has 100 bytes instead of 16384"),
                bad.outcome().reason());
        assertEquals(Status.OK, results.get(5).outcome().status(), "on_error continue: the cell goes on");
        for (long pid : pids) {
            assertTrue(ProcessHandle.of(pid).isEmpty(), "QEMU has exited");
        }
    }

    private static GuestStep checked(String id, String script, long budget, String flush, String dataset, String copy) {
        return new GuestStep(
                id,
                List.of("sh", "-c", script),
                null,
                null,
                false,
                120,
                Scenario.OnError.CONTINUE,
                false,
                budget,
                flush,
                dataset,
                copy,
                null);
    }

    @Test
    void aKilledGuestLeavesNothingRunningAndSaysWhichStepItWasIn() throws Exception {
        BootKernel kernel = new KernelStore(KERNELS)
                .resolve(new KernelSpec.Debian("debian-6.1", DEBIAN_6_1, Location.of("t.yaml", 1, 1)));
        List<GuestStep> steps = List.of(
                step("c/r1/quick", List.of("true")),
                step("c/r1/long", List.of("sleep", "600")),
                step("c/r1/never", List.of("true")));
        List<GuestResult> results = new java.util.concurrent.CopyOnWriteArrayList<>();
        VmSession session = new VmSession(KERNELS);
        VmSession.Request request = new VmSession.Request(
                "fsflow-vm-it-kill",
                kernel,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                steps,
                1,
                256,
                dir,
                VmSession.accel(KERNELS, kernel, System.err::println));
        // the kill comes from another thread, as Ctrl-C does, once the first step is reported
        Thread killer = new Thread(() -> {
            try {
                while (results.isEmpty()) {
                    Thread.sleep(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            session.kill();
        });
        killer.start();
        VmSession.Outcome o = session.run(request, results::add, pids::add);
        killer.join();
        assertEquals(1, results.size(), "only the first step was reported");
        assertEquals(1, o.running(), "the guest was in the second step");
        assertTrue(o.problem().startsWith("the guest died before the end of its job"), o.problem());
        assertTrue(ProcessHandle.of(pids.get(0)).isEmpty(), "QEMU is gone");
    }

    @Test
    void aStepOverItsTimeLimitIsKilledInTheGuestAndTheCellGoesOn() throws Exception {
        BootKernel kernel = new KernelStore(KERNELS)
                .resolve(new KernelSpec.Debian("debian-6.1", DEBIAN_6_1, Location.of("t.yaml", 1, 1)));
        List<GuestStep> steps = List.of(
                new GuestStep(
                        "c/r1/long", List.of("sleep", "600"), null, null, false, 3, Scenario.OnError.CONTINUE, false),
                new GuestStep("c/r1/after", List.of("true"), null, null, false, 60, Scenario.OnError.CONTINUE, false));
        List<GuestResult> results = new java.util.concurrent.CopyOnWriteArrayList<>();
        VmSession.Request request = new VmSession.Request(
                "fsflow-vm-it-timeout",
                kernel,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                steps,
                1,
                256,
                dir,
                VmSession.accel(KERNELS, kernel, System.err::println));
        VmSession.Outcome o = new VmSession(KERNELS).run(request, results::add, pids::add);
        assertNull(o.problem(), "the job ran to its end");
        assertEquals(2, results.size());
        assertEquals(Status.TIMEOUT, results.get(0).outcome().status());
        assertEquals("killed after its time limit", results.get(0).outcome().reason());
        assertTrue(
                results.get(0).outcome().figures().realS() >= 3
                        && results.get(0).outcome().figures().realS() < 60,
                results.get(0).toString());
        assertEquals(Status.OK, results.get(1).outcome().status(), "on_error continue: the next step runs");
        assertTrue(ProcessHandle.of(pids.get(0)).isEmpty(), "QEMU has exited");
    }

    private static GuestStep step(String id, List<String> argv) {
        return new GuestStep(id, argv, null, null, false, 120, Scenario.OnError.SKIP_CELL, id.endsWith("/mkfs"));
    }
}
