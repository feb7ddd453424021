package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UmlTest {

    @TempDir
    Path dir;

    @Test
    void commandLineHasTheDisksAsUbdTheRamAndNoHostFiles() {
        Qemu.Config c = new Qemu.Config(
                "fsflow-x-vm",
                new BootKernel("uml", Uml.BINARY, Uml.MODULES, "6.1.176", "6.1um4", "00", "debian"),
                dir.resolve("initramfs.cpio.gz"),
                dir.resolve("x.job"),
                List.of(
                        new Qemu.Disk(dir.resolve("target.img"), false),
                        new Qemu.Disk(dir.resolve("source.img"), true)),
                Accel.UML,
                2,
                1536,
                Duration.ofMinutes(5),
                dir.resolve("fsflow-x-vm.pid"));
        List<String> argv = Uml.argv(c, dir.resolve("boot.img"));
        int k = argv.indexOf(Uml.BINARY.toString());
        assertTrue(k >= 0, argv.toString());
        assertEquals(
                List.of(
                        "umid=fsflow-x-vm",
                        "uml_dir=" + dir,
                        "mem=1536M",
                        "initrd=" + dir.resolve("boot.img"),
                        "ubd0d=" + dir.resolve("target.img"),
                        "ubd1rd=" + dir.resolve("source.img")),
                argv.subList(k + 1, k + 7));
        assertTrue(argv.stream().noneMatch(a -> a.contains("hostfs") || a.startsWith("root")), argv.toString());
        assertEquals("/dev/ubdb", Accel.UML.disk(1));
        assertEquals("/dev/vdb", Accel.TCG.disk(1));
    }

    /** A shell command listing the processes of group {@code pgid} that are not zombies (killed, not yet reaped). */
    static String livingIn(long pgid) {
        return "ps -e -o pid=,pgid=,stat= | awk '$2 == " + pgid + " && $3 !~ /^Z/ { print $1 }'";
    }

    @Test
    void theGroupOfTheGuestIsKilledAndNoOtherGroup() throws Exception {
        // a process group led by a process whose command line names the guest, with a child
        Process leader =
                new ProcessBuilder("setsid", "sh", "-c", "sleep 300 & wait", "umid=fsflow-uml-test", "x").start();
        try {
            Thread.sleep(200); // the child is started
            Uml.killGroup(leader.pid(), "fsflow-uml-other");
            assertTrue(leader.isAlive(), "another guest's name kills nothing");
            HostCommand members = HostCommand.run(10, "pgrep", "-g", String.valueOf(leader.pid()));
            assertEquals(2, members.out().strip().split("\n").length, members.out());
            Uml.killGroup(leader.pid(), "fsflow-uml-test");
            assertTrue(leader.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the leader is killed");
            HostCommand left = HostCommand.run(10, "sh", "-c", "sleep 0.2; " + UmlTest.livingIn(leader.pid()));
            assertEquals("", left.out().strip(), "the child is killed with its group");
        } finally {
            leader.destroyForcibly();
        }
    }

    @Test
    void itStandsInOnlyForAKernelOfItsSeriesWithTheCellsFilesystems() throws Exception {
        Path modules = Files.createDirectories(dir.resolve("modules/6.1.176"));
        Files.writeString(modules.resolve("modules.builtin"), "kernel/fs/xfs/xfs.ko\nkernel/fs/ext4/ext4.ko\n");
        BootKernel uml = new BootKernel("uml", Uml.BINARY, modules, "6.1.176", "6.1um4", "00", "debian");
        BootKernel debian61 =
                new BootKernel("debian-6.1", Path.of("/k"), modules, "6.1.0-57-amd64", "6.1.192-3", "0", "d");
        BootKernel debian612 =
                new BootKernel("debian-6.12", Path.of("/k"), modules, "6.12.57+deb13-amd64", "6.12.57-1", "0", "d");
        assertEquals(null, Uml.cannotStandIn(debian61, uml, List.of("xfs", "ext4")));
        assertEquals(
                "FSFLOW_VM_ACCEL=uml: user-mode Linux 6.1.176 stands in only for a 6.1 kernel, not for debian-6.12"
                        + " (6.12.57+deb13-amd64): unset FSFLOW_VM_ACCEL to boot debian-6.12 under QEMU",
                Uml.cannotStandIn(debian612, uml, List.of("xfs")));
        assertEquals(
                "FSFLOW_VM_ACCEL=uml: user-mode Linux 6.1.176 has no reiserfs (neither built in nor under " + modules
                        + "): unset FSFLOW_VM_ACCEL",
                Uml.cannotStandIn(debian61, uml, List.of("xfs", "reiserfs")));
    }

    @Test
    void theJobIsAppendedAsACpioArchiveThatCpioReadsBack() throws Exception {
        Path initramfs = dir.resolve("i.cpio.gz");
        Files.write(initramfs, new byte[] {0x1f, (byte) 0x8b, 1, 2, 3}); // 5 bytes: the job starts at 8
        Path job = dir.resolve("x.job");
        byte[] text = "fsflow-job 1\nunit\nstep 0 a/r1/mkfs\nargv true\nrun\n".getBytes(StandardCharsets.UTF_8);
        Files.write(job, text);
        Path out = dir.resolve("boot.img");
        Uml.withJob(initramfs, job, out);
        byte[] all = Files.readAllBytes(out);
        assertArrayEquals(new byte[] {0x1f, (byte) 0x8b, 1, 2, 3, 0, 0, 0}, Arrays.copyOf(all, 8));
        Path appended = dir.resolve("job.cpio");
        Files.write(appended, Arrays.copyOfRange(all, 8, all.length));
        HostCommand list = HostCommand.run(30, "sh", "-c", "cpio -t --quiet < " + appended);
        assertEquals(GuestScript.UML_JOB.substring(1), list.out().strip(), list.toString());
        HostCommand read = HostCommand.run(30, "sh", "-c", "cpio -i --quiet --to-stdout fsflow-job < " + appended);
        assertEquals(new String(text, StandardCharsets.UTF_8), read.out());
        assertEquals(0, all.length % 4);
    }
}
