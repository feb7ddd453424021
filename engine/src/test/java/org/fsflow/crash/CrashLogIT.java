package org.fsflow.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.lang.Location;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.KernelStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload whose outcome is known, logged by dm-log-writes in a Debian 6.1 guest (QEMU; the host
 * kernel has no device-mapper), replayed on the host to each of its marks, recovered (mount,
 * then {@code e2fsck -fn}) and held against what the workload had made durable: a file fsync'd
 * before a mark is there and intact; a file written without fsync is expected loss, not a
 * violation; a flipped byte in a durable file's data block is data corrupted. Needs root, the
 * machine lock, QEMU, and the kernel package (downloaded once).
 */
class CrashLogIT {

    static final Path KERNELS = Path.of("/var/tmp/fsflow/kernels");
    static final String PATTERN = "DURABLE-A-";

    @TempDir
    Path dir;

    private final List<Long> pids = new ArrayList<>();
    private final List<Path> mounted = new ArrayList<>();

    @AfterEach
    void nothingLeft() throws Exception {
        for (Path m : mounted) {
            new ProcessBuilder("umount", m.toString()).inheritIO().start().waitFor();
        }
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroyForcibly();
                throw new AssertionError("QEMU " + pid + " still ran after the recording");
            });
        }
    }

    @Test
    void fsyncedFilesSurviveUnsyncedOnesAreExpectedLossAndAFlippedByteIsDataCorruption() throws Exception {
        BootKernel kernel = new KernelStore(KERNELS)
                .resolve(
                        new KernelSpec.Debian("debian-6.1", "linux-image-6.1.0-57-amd64", Location.of("t.yaml", 1, 1)));
        String workload = """
                i=0; : > a; while [ $i -lt 2000 ]; do printf '%s%05d' DURABLE-A- $i >> a; i=$((i+1)); done
                durable ./a
                mark one
                echo never-synced > b
                mark two
                """;
        GuestLog.Recorded rec = GuestLog.record(
                new GuestLog.Request(
                        "fsflow-crash-it",
                        kernel,
                        List.of("ext4"),
                        "mkfs.ext4 -q -F $DEV",
                        "",
                        workload,
                        64L << 20,
                        128L << 20,
                        dir,
                        KERNELS,
                        Duration.ofSeconds(240)),
                pids::add);
        assertNull(rec.problem(), rec.problem());
        assertEquals(List.of("one", "two"), List.copyOf(rec.durability().marks().keySet()));
        assertEquals(List.of(), rec.durability().problems());
        WriteLog log = WriteLog.read(rec.log());
        assertNull(log.shortBy(), log.shortBy());
        assertTrue(log.mark("mkfs") >= 0 && log.mark("one") > log.mark("mkfs") && log.mark("two") > log.mark("one"));

        Path replayed = dir.resolve("replayed.img");
        try (RandomAccessFile f = new RandomAccessFile(replayed.toFile(), "rw")) {
            f.setLength(64L << 20);
        }
        try (Replay replay = new Replay(log, replayed)) {
            replay.to(log.mark("one"));
            Recovery one = recover(replayed, "one", rec.durability().marks().get("one"), false);
            assertEquals(CrashClass.CLEAN, one.crashClass(), one.toString());
            assertEquals(0, one.violatedFiles());
            Recovery flipped =
                    recover(replayed, "flipped", rec.durability().marks().get("one"), true);
            assertEquals(CrashClass.DATA_CORRUPTED, flipped.crashClass(), flipped.toString());
            assertEquals(List.of("a: data-corrupted"), flipped.violations());
            replay.to(log.mark("two"));
            Recovery two = recover(replayed, "two", rec.durability().marks().get("two"), false);
            assertTrue(!two.crashClass().violation(), two.toString());
            assertEquals(0, two.violatedFiles(), two.toString());
            assertEquals(1, two.lostFiles(), "b was never made durable: " + two);
        }
    }

    // a copy of the replayed image, optionally with one byte of a's data flipped, mounted on the host
    private Recovery recover(Path replayed, String name, Recovery.Expected expected, boolean flip) throws Exception {
        Path image = dir.resolve(name + ".img");
        Files.copy(replayed, image, StandardCopyOption.REPLACE_EXISTING);
        if (flip) {
            flipInPattern(image);
        }
        Path mnt = Files.createDirectories(dir.resolve("mnt-" + name));
        boolean mountedOk = run("mount", "-o", "loop", image.toString(), mnt.toString()) == 0;
        Tree tree = Tree.EMPTY;
        if (mountedOk) {
            mounted.add(mnt);
            try {
                tree = Tree.of(mnt);
            } finally {
                assertEquals(0, run("umount", mnt.toString()));
                mounted.remove(mnt);
            }
        }
        boolean clean = run("e2fsck", "-fn", image.toString()) == 0;
        return Recovery.classify(expected, clean, mountedOk, tree);
    }

    private static void flipInPattern(Path image) throws IOException {
        byte[] bytes = Files.readAllBytes(image);
        byte[] p = PATTERN.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + p.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + p.length, p, 0, p.length)) {
                try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                    f.seek(i);
                    f.write(bytes[i] ^ 0x20);
                }
                return;
            }
        }
        throw new AssertionError("the durable file's data is not in the replayed image");
    }

    private static int run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", argv) + " did not end");
        }
        if (p.exitValue() != 0) {
            System.out.println(String.join(" ", argv) + " -> " + p.exitValue() + "\n" + out);
        }
        return p.exitValue();
    }
}
