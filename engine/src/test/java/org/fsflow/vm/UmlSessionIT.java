package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.fsflow.dataset.DatasetGenerator;
import org.fsflow.dataset.Manifest;
import org.fsflow.lang.Location;
import org.fsflow.result.Status;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Boots Debian's user-mode Linux kernel ({@code apt-get install user-mode-linux}) with the same
 * initramfs and agent as a QEMU guest: reiserfs and xfs formatted on a {@code ubd} disk, a copy
 * from the read-only source image under a memory budget, flushed and verified in the guest; then a
 * guest killed in the middle of a step, which must leave no process of its group behind. Where
 * user-mode Linux cannot run on this host (its probe fails), the same tests check instead that a
 * run which asks for it boots its guests under QEMU and names the probe's cause; a user-mode kernel
 * that dies at its first process, as on such hosts, checks that path on every host. Needs root,
 * the machine lock and the cached kernel package.
 */
class UmlSessionIT {

    @TempDir
    Path dir;

    Process fsflow;

    @org.junit.jupiter.api.AfterEach
    void cleanUp() throws Exception {
        if (fsflow != null && fsflow.isAlive()) {
            fsflow.destroyForcibly().waitFor();
        }
        org.fsflow.Leftovers.release(dir);
    }

    @Test
    void reiserfsAndXfsRunMeasuredOnUbdDisksWithBudgetFlushAndVerify() throws Exception {
        UmlProbe.Verdict here = UmlProbe.verdict(VmSessionIT.KERNELS);
        if (!here.runs()) {
            runsUnderQemuNaming(Map.of(), here.cause());
            return;
        }
        BootKernel uml = Uml.kernel();
        Path datasets = dir.resolve("datasets");
        Manifest m = new DatasetGenerator(2).generate(dataset(), 7, datasets.resolve("ds"));
        Path source = dir.resolve("source.img");
        SourceImage.build(datasets, source);
        Path target = sparse("target.img", 512L << 20);
        String mnt = dir.resolve("mnt/target").toString();
        String disk = Accel.UML.disk(0);
        List<GuestStep> steps = new ArrayList<>();
        for (String fs : List.of("reiserfs", "xfs")) {
            steps.add(step(
                    fs + "/mkfs",
                    fs.equals("xfs")
                            ? List.of("mkfs.xfs", "-f", "-q", disk)
                            : List.of("mkfs.reiserfs", "-f", "-q", disk),
                    0,
                    null,
                    null));
            steps.add(step(fs + "/mount", List.of("mount", "-t", fs, disk, mnt), 0, null, null));
            String ds = datasets.resolve("ds").toString();
            steps.add(step(fs + "/copy", List.of("cp", "-r", ds, mnt + "/"), 96L << 20, mnt, ds));
            steps.add(step(fs + "/count", List.of("sh", "-c", "find " + mnt + "/ds -type f | wc -l"), 0, null, null));
            steps.add(step(fs + "/umount", List.of("umount", mnt), 0, null, null));
        }
        List<GuestResult> results = new ArrayList<>();
        List<Long> pids = new ArrayList<>();
        VmSession.Request request = new VmSession.Request(
                "fsflow-uml-it",
                uml,
                List.of("reiserfs", "xfs", "ext4"),
                List.of(new Qemu.Disk(target, false), new Qemu.Disk(source, true)),
                List.of(new GuestMount(Accel.UML.disk(1), datasets.toString(), "ext4", true)),
                List.of(mnt),
                steps,
                1,
                512,
                dir,
                Accel.UML);
        VmSession.Outcome outcome = new VmSession(VmSessionIT.KERNELS).run(request, results::add, pids::add);

        assertNull(outcome.problem(), outcome.problem());
        assertEquals(Accel.UML, outcome.accel());
        assertEquals(steps.size(), results.size());
        for (GuestResult r : results) {
            String id = steps.get(r.index()).id();
            assertEquals(
                    Status.OK, r.outcome().status(), id + ": " + r.outcome().reason());
            assertEquals(GuestClock.CPU_METHOD, r.outcome().method().cpuMethod(), id);
            assertTrue(r.realClock(), id);
        }
        for (int copy : List.of(2, 7)) {
            GuestResult r = results.get(copy);
            assertTrue(r.outcome().figures().writeBytes() >= m.bytes(), "the copy wrote its bytes to ubda");
            assertTrue(r.outcome().figures().readBytes() > 0, "the copy read the source image (ubdb)");
            assertNotNull(r.outcome().around().flushS(), "the flush ran in the guest");
            assertEquals(96L << 20, r.outcome().around().memoryBudgetBytes(), "the budget applied in the guest");
            assertTrue(
                    r.outcome().method().devices().contains("ubda"),
                    r.outcome().method().devices().toString());
            assertEquals(
                    String.valueOf(m.files()),
                    new String(results.get(copy + 1).stdout(), StandardCharsets.UTF_8).strip());
        }
        assertNothingLeft(pids);
        assertFalse(Files.exists(dir.resolve("fsflow-uml-it")), "its uml_dir entry is removed");
        assertFalse(Files.exists(dir.resolve("fsflow-uml-it.initrd")), "the initramfs with the job is removed");
    }

    @Test
    void aUserModeKernelThatLosesItsFirstProcessSendsTheRunToQemuWithItsCause() throws Exception {
        Path dead = dir.resolve("linux.uml");
        Files.writeString(dead, """
                #!/bin/sh
                if [ "$1" = --version ]; then echo 6.1.0-dies; exit 0; fi
                echo 'Checking that ptrace can change system call numbers...OK'
                echo 'userspace - ptrace set fp regs failed, errno = 14'
                echo 'Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b'
                exit 134
                """);
        dead.toFile().setExecutable(true);
        runsUnderQemuNaming(
                Map.of("FSFLOW_UML", dead.toString()),
                "userspace - ptrace set fp regs failed, errno = 14; Kernel panic - not syncing: Attempted to kill"
                        + " init! exitcode=0x0000000b (exit 134)");
    }

    // a run that asks for user-mode Linux (env added) where its probe fails with CAUSE: it says so
    // and why, and its guest cell runs under QEMU, each result saying so
    private void runsUnderQemuNaming(Map<String, String> env, String cause) throws Exception {
        Path yaml = Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: uml-fallback
                devices: { target: { loop: { size: 64MiB } } }
                kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                filesystems:
                  ext4-vm: { type: ext4, kernel: debian-6.1 }
                matrix: { filesystem: [ext4-vm] }
                repeat: 1
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: echo x > ${target.mnt}/f
                  - umount
                """);
        Path out = dir.resolve("out");
        List<String> cmd = List.of(
                "java",
                "-jar",
                System.getProperty("fsflow.jar", "target/fsflow.jar"),
                "run",
                yaml.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile());
        pb.environment().putAll(env);
        pb.environment().put("FSFLOW_VM_ACCEL", "uml");
        fsflow = pb.start();
        assertTrue(fsflow.waitFor(15, java.util.concurrent.TimeUnit.MINUTES), "the run ended");
        String log = Files.readString(dir.resolve("run.log"));
        assertEquals(0, fsflow.exitValue(), log);
        assertTrue(
                log.contains("FSFLOW_VM_ACCEL=uml, but user-mode Linux cannot run on this host (its probe: " + cause
                        + "): the guests run under QEMU instead"),
                log);
        List<com.fasterxml.jackson.databind.JsonNode> rows = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("results.jsonl"))) {
            rows.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(line));
        }
        assertEquals(4, rows.size(), rows.toString());
        for (var r : rows) {
            assertEquals("ok", r.path("status").asText(), r.toString());
            assertTrue(List.of("tcg", "kvm").contains(r.path("virt").asText()), r.toString());
        }
    }

    @Test
    void aGuestKilledInAStepLeavesNoProcessOfItsGroup() throws Exception {
        UmlProbe.Verdict here = UmlProbe.verdict(VmSessionIT.KERNELS);
        if (!here.runs()) {
            // the run's own fallback is checked above; here, what doctor and a run read of this host
            Accelerators.Verdict v = Accelerators.known(VmSessionIT.KERNELS, Accel.UML, here);
            assertTrue(v.accel() != Accel.UML && v.basis().contains(here.cause()), v.toString());
            return;
        }
        List<GuestStep> steps = List.of(
                step("c/r1/quick", List.of("true"), 0, null, null),
                step("c/r1/long", List.of("sleep", "600"), 0, null, null));
        List<Long> pids = new CopyOnWriteArrayList<>();
        List<GuestResult> results = new CopyOnWriteArrayList<>();
        VmSession session = new VmSession(VmSessionIT.KERNELS);
        VmSession.Request request = new VmSession.Request(
                "fsflow-uml-it-kill",
                Uml.kernel(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                steps,
                1,
                256,
                dir,
                Accel.UML);
        VmSession.Outcome[] outcome = {null};
        Thread t = new Thread(() -> outcome[0] = session.run(request, results::add, pids::add));
        t.start();
        while (results.isEmpty() && t.isAlive()) {
            Thread.sleep(50); // the first step's result: the guest is in the long step now
        }
        Thread.sleep(500);
        session.kill();
        t.join();
        assertNotNull(outcome[0].problem(), "a killed guest did not finish its job");
        assertEquals(1, results.size(), "only the quick step was reported");
        assertNothingLeft(pids);
    }

    // no process is left in the guest's process group (user-mode Linux leads its own)
    private static void assertNothingLeft(List<Long> pids) throws IOException {
        assertEquals(1, pids.size());
        long pgid = pids.get(0);
        HostCommand left = HostCommand.run(10, "sh", "-c", "sleep 0.2; " + UmlTest.livingIn(pgid));
        assertEquals("", left.out().strip(), "processes left in group " + pgid);
    }

    private Path sparse(String name, long bytes) throws IOException {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(bytes);
        }
        return p;
    }

    private static Dataset dataset() {
        return new Dataset(
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
    }

    private static GuestStep step(String id, List<String> argv, long budget, String flush, String dataset) {
        return new GuestStep(
                id,
                argv,
                null,
                null,
                false,
                120,
                Scenario.OnError.SKIP_CELL,
                id.endsWith("/mkfs"),
                budget > 0 ? budget : -1,
                flush,
                dataset,
                dataset == null ? null : flush + "/ds",
                null);
    }
}
