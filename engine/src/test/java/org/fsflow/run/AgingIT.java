package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aging for real on loop devices: two agings with the same seed on this machine, the second with a
 * process spinning on the ager's CPU, leave the same aged-state fingerprint on ext4, xfs and btrfs
 * (while their raw images differ: the kernel writes
 * its clock into them), a different seed a different one; and a run interrupted while aging never
 * measures the half-aged filesystem: resume ages it again from mkfs, to the same fingerprint.
 */
// alone: the same seed must age to the same state, and btrfs's allocator placed files otherwise
// once when another test's campaign ran beside it (CI at ce83592: btrfs/aged fingerprints differed)
@org.junit.jupiter.api.Tag("alone")
class AgingIT {

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

    Path scenario(String filesystems, String rounds) throws IOException {
        return Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: aging
                params: { age_seed: "5" }
                devices: { target: { loop: { size: 512MiB } } }
                filesystems: { ext4: {}, xfs: {}, btrfs: {} }
                aging:
                  fullness: 50%%
                  rounds: %s
                  size: { median: 64KiB, sigma: 1.2, tail: 2%%, alpha: 1.3, max: 8MiB }
                  dirs: 8
                  seed: ${params.age_seed}
                matrix: { filesystem: [%s], age: [aged] }
                repeat: 2
                steps:
                  - mkfs
                  - mount
                  - name: walk
                    run: find ${target.mnt} -type f
                  - umount
                """.formatted(rounds, filesystems));
    }

    // the fingerprint and raw image digest of each aged cell of a run
    private Map<String, AgingRecord> run(Path f, String name, String... set) {
        Path out = dir.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                f.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve(name + "-work").toString()));
        for (String s : set) {
            args.addAll(List.of("--set", s));
        }
        Cli r = Cli.run(args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return byCell(out);
    }

    private static Map<String, AgingRecord> byCell(Path out) {
        Map<String, AgingRecord> m = new LinkedHashMap<>();
        AgingRecord.read(out).forEach(a -> m.put(a.cell(), a));
        return m;
    }

    @Test
    void sameSeedSameFingerprintOtherSeedAnother() throws Exception {
        Path f = scenario("ext4, xfs, btrfs", "0.2");
        Map<String, AgingRecord> first = run(f, "a");
        // the second aging on a busy host: a process spinning on the ager's CPU (the condition in
        // which btrfs's commits and discards used to come at other operations than in a quiet run)
        Process busy = new ProcessBuilder("taskset", "-c", "0", "sh", "-c", "while :; do :; done").start();
        Map<String, AgingRecord> second;
        try {
            second = run(f, "b");
        } finally {
            busy.destroyForcibly().waitFor();
        }
        Map<String, AgingRecord> other = run(f, "c", "age_seed=6");
        // rounds: the cells run in an order drawn from the seed; the claim is which cells were aged
        assertEquals(java.util.Set.of("ext4/aged", "xfs/aged", "btrfs/aged"), java.util.Set.copyOf(first.keySet()));
        for (String cell : first.keySet()) {
            AgingRecord a = first.get(cell);
            AgingRecord b = second.get(cell);
            System.out.printf(
                    "%s: fingerprint %s / %s, other seed %s; raw image %s / %s; %.1f s, %d files, %.3f extents per file%n",
                    cell,
                    a.fingerprint(),
                    b.fingerprint(),
                    other.get(cell).fingerprint(),
                    a.imageSha256(),
                    b.imageSha256(),
                    a.agingS(),
                    a.files(),
                    a.extentsPerFile());
            assertEquals(a.fingerprint(), b.fingerprint(), cell + ": same seed, same aged state");
            assertNotEquals(a.fingerprint(), other.get(cell).fingerprint(), cell + ": another seed, another state");
            assertTrue(a.files() > 100 && a.operations().get("delete") > 0, cell + ": it really aged");
            assertTrue(a.freeSpaceTool() != null && a.extentsPerFile() >= 1, cell + ": state measured");
        }
        // both repetitions of an aged cell are measured, its mkfs replaced by the aged image
        List<Measurement> rows = Journal.read(dir.resolve("a").resolve(Journal.FILE));
        assertEquals(
                6,
                rows.stream().filter(m -> m.node().endsWith("/walk") && m.ok()).count());
        assertTrue(rows.stream()
                .filter(m -> m.node().endsWith("/mkfs"))
                .allMatch(m -> m.reason() != null && m.reason().startsWith("aged cell")));
    }

    // waits until a filesystem mounted under work holds at least n regular files
    private static void awaitFilesUnderAMountIn(Path work, int n, long deadline) throws Exception {
        while (System.nanoTime() < deadline) {
            for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
                String[] f = line.split(" ");
                if (f.length > 1 && Path.of(f[1]).startsWith(work) && files(Path.of(f[1])) >= n) {
                    return;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no mount under " + work + " held " + n + " files in time");
    }

    // the regular files under mnt, counted up to 1000; a file or directory the ager removes while
    // it is walked is passed over (a walk that gave up on the first such one saw nothing, again and
    // again while the ager deleted, and the test's signal came only after the aging had ended)
    private static long files(Path mnt) {
        long[] n = {0};
        try {
            Files.walkFileTree(mnt, new java.nio.file.SimpleFileVisitor<>() {
                @Override
                public java.nio.file.FileVisitResult visitFile(Path p, java.nio.file.attribute.BasicFileAttributes a) {
                    return a.isRegularFile() && ++n[0] >= 1000
                            ? java.nio.file.FileVisitResult.TERMINATE
                            : java.nio.file.FileVisitResult.CONTINUE;
                }

                @Override
                public java.nio.file.FileVisitResult visitFileFailed(Path p, IOException e) {
                    return java.nio.file.FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return n[0];
        }
        return n[0];
    }

    @Test
    void interruptedWhileAgingResumeAgesAgainFromMkfs() throws Exception {
        Path f = scenario("ext4", "0.6");
        Path out = dir.resolve("i");
        Path log = dir.resolve("i.log");
        String jar = System.getProperty("fsflow.jar", "target/fsflow.jar");
        fsflow = new ProcessBuilder(List.of(
                        "java",
                        "-jar",
                        jar,
                        "run",
                        f.toString(),
                        "--out",
                        out.toString(),
                        "--work",
                        dir.resolve("i-work").toString()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.readString(log).contains("aging ext4/aged") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        // well inside the aging: the fill has made its first files (it makes thousands)
        awaitFilesUnderAMountIn(dir.resolve("i-work"), 20, deadline);
        String before = Files.readString(log);
        new ProcessBuilder("kill", "-INT", String.valueOf(fsflow.pid())).start().waitFor();
        assertFalse(before.contains("aged ext4/aged in"), "the signal came after the aging: " + before);
        assertTrue(fsflow.waitFor(120, TimeUnit.SECONDS));
        String text = Files.readString(log);
        assertEquals(3, fsflow.exitValue(), text);
        assertTrue(text.contains("interrupted while aging ext4/aged"), text);
        assertTrue(AgingRecord.read(out).isEmpty(), "no aging recorded: " + text);
        assertTrue(Journal.read(out.resolve(Journal.FILE)).stream()
                .noneMatch(m -> m.node().endsWith("/walk")));

        Cli resumed = Cli.run("resume", out.toString());
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        AgingRecord after = byCell(out).get("ext4/aged");
        Map<String, AgingRecord> whole = run(f, "w");
        assertEquals(whole.get("ext4/aged").fingerprint(), after.fingerprint(), "resume aged it whole, from mkfs");
        assertEquals(
                2,
                Journal.read(out.resolve(Journal.FILE)).stream()
                        .filter(m -> m.node().endsWith("/walk") && m.ok())
                        .count());
    }
}
