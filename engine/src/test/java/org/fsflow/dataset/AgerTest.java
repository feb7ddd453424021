package org.fsflow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fsflow.lang.Location;
import org.fsflow.scenario.Aging;
import org.fsflow.scenario.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ager's operations, in a plain directory standing for a filesystem of 8 MiB: the same seed
 * makes the same tree (names, sizes, bytes), another seed another; the fullness is held; an
 * interrupt stops it between operations. (Allocation on real filesystems: AgingIT.)
 */
class AgerTest {

    private static final long CAPACITY = 8 << 20;
    private static final Aging SPEC = new Aging(
            "target",
            0.6,
            2,
            Map.of(
                    Aging.Op.CREATE,
                    4.0,
                    Aging.Op.DELETE,
                    3.0,
                    Aging.Op.APPEND,
                    1.0,
                    Aging.Op.OVERWRITE,
                    1.0,
                    Aging.Op.RENAME,
                    1.0),
            new Dataset.SizeSpec.LogNormal(8 << 10, 1.5, 0.03, 1.3, 1 << 20),
            4,
            0,
            null,
            Location.of("t.yaml", 1, 1));

    @TempDir
    Path dir;

    private static String tree(Path root) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted().toList()) {
                d.update(root.relativize(p).toString().getBytes());
                if (Files.isRegularFile(p)) {
                    d.update(Files.readAllBytes(p));
                }
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private Ager.Result age(String name, long seed) throws Exception {
        Path root = Files.createDirectory(dir.resolve(name));
        return Ager.age(SPEC, root, CAPACITY, seed, () -> false);
    }

    @Test
    void sameSeedSameTreeAnotherSeedAnother() throws Exception {
        Ager.Result a = age("a", 7);
        Ager.Result b = age("b", 7);
        Ager.Result c = age("c", 8);
        assertEquals(a, b);
        assertEquals(tree(dir.resolve("a")), tree(dir.resolve("b")));
        assertNotEquals(tree(dir.resolve("a")), tree(dir.resolve("c")));
        assertNotEquals(a.operations(), c.operations());
    }

    @Test
    void fillsThenChurnsHoldingTheFullness() throws Exception {
        Ager.Result r = age("a", 7);
        assertTrue(r.writtenBytes() >= (0.6 + 2) * CAPACITY, r.toString());
        assertTrue(r.liveBytes() <= 0.6 * CAPACITY + (1 << 20) && r.liveBytes() >= 0.9 * 0.6 * CAPACITY, r.toString());
        for (Aging.Op op : Aging.Op.values()) {
            assertTrue(r.operations().get(op) > 0, op + " never drawn: " + r);
        }
        long files;
        long bytes = 0;
        try (Stream<Path> walk = Files.walk(dir.resolve("a"))) {
            List<Path> regular = walk.filter(Files::isRegularFile).toList();
            files = regular.size();
            for (Path p : regular) {
                bytes += Files.size(p);
            }
        }
        assertEquals(r.liveFiles(), files);
        assertEquals(r.liveBytes(), bytes);
    }

    @Test
    void anInterruptStopsItBetweenOperations() throws Exception {
        Path root = Files.createDirectory(dir.resolve("s"));
        int[] asked = {0};
        assertThrows(Ager.Stopped.class, () -> Ager.age(SPEC, root, CAPACITY, 7, () -> ++asked[0] > 50));
        assertEquals(51, asked[0]);
    }

    @Test
    void lognormalSizesHaveTheirMedianAndAParetoTail() {
        Dataset.SizeSpec.LogNormal l = new Dataset.SizeSpec.LogNormal(16 << 10, 1.5, 0.05, 1.3, 64L << 20);
        SplitMix64 rng = new SplitMix64(1);
        long[] sizes = new long[20000];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = DatasetShape.sizeOf(l, rng);
        }
        java.util.Arrays.sort(sizes);
        double median = sizes[sizes.length / 2];
        // the body's median is 16 KiB; the 5 % tail, all above median·e^3, moves it up a little
        assertTrue(median > 15_000 && median < 20_000, "median " + median);
        long tail = java.util.Arrays.stream(sizes).filter(s -> s > l.tailFrom()).count();
        // 5 % from the tail plus the body's own 2.3 % above e^(2 sigma)
        assertTrue(tail > 0.06 * sizes.length && tail < 0.09 * sizes.length, "tail " + tail);
        assertTrue(sizes[0] >= 1 && sizes[sizes.length - 1] <= 64L << 20, "within [1, max]");
    }
}
