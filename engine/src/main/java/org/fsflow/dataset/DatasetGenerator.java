package org.fsflow.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32C;
import org.fsflow.result.Json;
import org.fsflow.scenario.Dataset;

/**
 * Generates a dataset tree, seeded and reproducible: file {@code k} (in tree order) gets its size
 * and its bytes from its own SplitMix64 stream, derived from (seed, k), so files can be written in
 * parallel and the result does not depend on the number of threads. Streams: memory does not grow
 * with the file count. Leaf directories are shared out among the cores.
 */
public final class DatasetGenerator {

    private static final int BLOCK = 1 << 20;
    /** Files per unit of parallel work (and per digest). Part of the digest: changing it changes manifests. */
    private static final int CHUNK = 256;
    private static final ThreadLocal<ByteBuffer> BUFFER =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BLOCK).order(ByteOrder.LITTLE_ENDIAN));

    private final int threads;

    /** A generator using {@code threads} writer threads. */
    public DatasetGenerator(int threads) {
        this.threads = Math.max(1, threads);
    }

    /** A generator using every core. */
    public static DatasetGenerator onAllCores() {
        return new DatasetGenerator(Runtime.getRuntime().availableProcessors());
    }

    /** The spec and seed, as recorded in the manifest (a change regenerates the tree). */
    public static String spec(Dataset d, long seed) {
        return String.format(Locale.ROOT, "dirs=%d files=%d depth=%d size=%s content=%s/%.4f names=%s,%s seed=%d",
                d.dirs(), d.files(), d.depth(), d.size(), d.content().kind(), d.content().compressibility(),
                d.dirName(), d.fileName(), seed);
    }

    /**
     * Returns the manifest of a valid dataset already at {@code root} (same spec, same files and
     * bytes, same digest), or null when there is none or it differs from what it should be.
     */
    public Manifest reusable(Dataset d, long seed, Path root) {
        Path file = Manifest.of(root);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            Manifest m = Json.MAPPER.readValue(file.toFile(), Manifest.class);
            if (!m.generator().equals(Manifest.GENERATOR) || !m.spec().equals(spec(d, seed))) {
                return null;
            }
            Manifest actual = digest(d, root);
            return actual.files() == m.files() && actual.bytes() == m.bytes() && actual.digest().equals(m.digest())
                    ? m : null;
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    /** Generation stopped by its caller (Ctrl-C); the tree is incomplete and has no manifest. */
    public static final class Cancelled extends RuntimeException {
        Cancelled() {
            super("dataset generation cancelled", null, false, false);
        }
    }

    /** Generates the dataset into {@code root} (removing what was there) and writes its manifest. */
    public Manifest generate(Dataset d, long seed, Path root) {
        return generate(d, seed, root, () -> false);
    }

    /**
     * Generates the dataset, checking {@code cancelled} before each chunk of files: when it turns
     * true, generation stops with {@link Cancelled} and writes no manifest, so the next run
     * regenerates the tree instead of reusing a partial one.
     */
    public Manifest generate(Dataset d, long seed, Path root, java.util.function.BooleanSupplier cancelled) {
        try {
            deleteTree(root);
            Files.deleteIfExists(Manifest.of(root));
            Files.createDirectories(root);
            // work is cut into chunks of files (of one leaf directory each), one digest per chunk,
            // combined in order: memory grows with chunks (32 bytes per CHUNK files), not files
            long leaves = d.leafDirs();
            long perLeaf = (d.files() + CHUNK - 1) / CHUNK;
            byte[][] leafDigests = new byte[Math.toIntExact(leaves * perLeaf)][];
            long[] leafBytes = new long[leafDigests.length];
            ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "fsflow-dataset");
                t.setDaemon(true);
                return t;
            });
            try {
                java.util.List<Future<?>> jobs = new java.util.ArrayList<>();
                for (int chunk = 0; chunk < leafDigests.length; chunk++) {
                    int c = chunk;
                    jobs.add(pool.submit(() -> {
                        if (cancelled.getAsBoolean()) {
                            throw new Cancelled();
                        }
                        writeChunk(d, seed, root, c, perLeaf, leafDigests, leafBytes);
                    }));
                }
                for (Future<?> f : jobs) {
                    f.get();
                }
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof Cancelled c) {
                    throw c;
                }
                throw e.getCause() instanceof UncheckedIOException u ? u : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("dataset generation interrupted", e);
            } finally {
                pool.shutdownNow();
            }
            Manifest m = combine(d, leafDigests, leafBytes);
            Manifest withSpec = new Manifest(Manifest.GENERATOR, spec(d, seed), m.files(), m.bytes(), m.digest());
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(Manifest.of(root).toFile(), withSpec);
            return withSpec;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate dataset " + d.name() + " in " + root, e);
        }
    }

    /** The relative path of leaf directory {@code leaf} ("" at depth 0). */
    static String leafPath(Dataset d, long leaf) {
        StringBuilder path = new StringBuilder();
        long rest = leaf;
        long[] digits = new long[d.depth()];
        for (int level = d.depth() - 1; level >= 0; level--) {
            digits[level] = rest % d.dirs();
            rest /= d.dirs();
        }
        for (long digit : digits) {
            path.append(d.dirName().replace("{i}", String.valueOf(digit + 1))).append('/');
        }
        return path.toString();
    }

    static String fileName(Dataset d, long j) {
        return d.fileName().replace("{j}", String.valueOf(j + 1));
    }

    /** The size of file {@code index}, drawn from the dataset's distribution. */
    static long sizeOf(Dataset d, SplitMix64 rng) {
        if (d.size() instanceof Dataset.SizeSpec.Fixed f) {
            return f.bytes();
        }
        if (d.size() instanceof Dataset.SizeSpec.LogUniform u) {
            double lo = Math.log(u.min());
            double hi = Math.log(u.max());
            return Math.min(u.max(), Math.max(u.min(), Math.round(Math.exp(lo + (hi - lo) * rng.nextDouble()))));
        }
        Dataset.SizeSpec.Weighted w = (Dataset.SizeSpec.Weighted) d.size();
        double total = w.choices().stream().mapToDouble(Dataset.SizeSpec.Weighted.Choice::weight).sum();
        double x = rng.nextDouble() * total;
        for (Dataset.SizeSpec.Weighted.Choice c : w.choices()) {
            x -= c.weight();
            if (x < 0) {
                return c.bytes();
            }
        }
        return w.choices().get(w.choices().size() - 1).bytes();
    }

    private void writeChunk(Dataset d, long seed, Path root, int chunk, long perLeaf, byte[][] digests,
            long[] bytes) {
        try {
            long leaf = chunk / perLeaf;
            long first = (chunk % perLeaf) * CHUNK;
            long last = Math.min(d.files(), first + CHUNK);
            String dirName = leafPath(d, leaf);
            Path dir = root.resolve(dirName);
            Files.createDirectories(dir);
            MessageDigest sha = sha256();
            long total = 0;
            for (long j = first; j < last; j++) {
                SplitMix64 rng = SplitMix64.forItem(seed, leaf * d.files() + j);
                long size = sizeOf(d, rng);
                String rel = dirName + fileName(d, j);
                long crc = writeFile(root.resolve(rel), size, rng, d.content());
                sha.update(entry(rel, size, crc));
                total += size;
            }
            digests[chunk] = sha.digest();
            bytes[chunk] = total;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] entry(String rel, long size, long crc) {
        return (rel + "\0" + size + "\0" + crc + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static Manifest combine(Dataset d, byte[][] leafDigests, long[] leafBytes) {
        MessageDigest sha = sha256();
        long bytes = 0;
        for (int i = 0; i < leafDigests.length; i++) {
            sha.update(leafDigests[i]);
            bytes += leafBytes[i];
        }
        return new Manifest(Manifest.GENERATOR, "", d.fileCount(), bytes, HexFormat.of().formatHex(sha.digest()));
    }

    private static long writeFile(Path file, long size, SplitMix64 rng, Dataset.Content content) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer buf = BUFFER.get();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            long left = size;
            while (left > 0) {
                int n = (int) Math.min(BLOCK, left);
                fill(buf, n, rng, content);
                buf.mark();
                crc.update(buf);
                buf.reset();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                left -= n;
            }
        }
        return crc.getValue();
    }

    // random: all bytes from the stream; zero: zeros; compressible c: in every 4 KiB block the
    // first c x 4096 bytes are zero, the rest random, so the block compresses to about (1 - c)
    private static final ThreadLocal<long[]> WORDS = ThreadLocal.withInitial(() -> new long[BLOCK / 8]);

    private static void fill(ByteBuffer buf, int n, SplitMix64 rng, Dataset.Content content) {
        // the words are made in a plain long[] and copied in one bulk put: far cheaper than one
        // bounds-checked putLong per 8 bytes, warm or cold
        int words = (n + 7) / 8;
        long[] w = WORDS.get();
        switch (content.kind()) {
            case ZERO -> java.util.Arrays.fill(w, 0, words, 0L);
            case RANDOM -> {
                for (int i = 0; i < words; i++) {
                    w[i] = rng.nextLong();
                }
            }
            default -> {
                int zeroWords = (int) Math.round(content.compressibility() * 512);
                for (int i = 0; i < words; i++) {
                    w[i] = (i % 512) < zeroWords ? 0L : rng.nextLong();
                }
            }
        }
        buf.clear();
        buf.asLongBuffer().put(w, 0, words);
        buf.limit(n);
        buf.position(0);
    }

    /** The manifest of the tree at {@code root}, reading every file back (to check a reused dataset). */
    private static Manifest digest(Dataset d, Path root) throws IOException {
        long perLeaf = (d.files() + CHUNK - 1) / CHUNK;
        byte[][] digests = new byte[Math.toIntExact(d.leafDirs() * perLeaf)][];
        long[] bytes = new long[digests.length];
        for (int chunk = 0; chunk < digests.length; chunk++) {
            long leaf = chunk / perLeaf;
            long first = (chunk % perLeaf) * CHUNK;
            String dir = leafPath(d, leaf);
            MessageDigest sha = sha256();
            for (long j = first; j < Math.min(d.files(), first + CHUNK); j++) {
                String rel = dir + fileName(d, j);
                Path f = root.resolve(rel);
                if (!Files.isRegularFile(f)) {
                    throw new IOException("missing " + rel);
                }
                long size = Files.size(f);
                sha.update(entry(rel, size, crcOf(f)));
                bytes[chunk] += size;
            }
            digests[chunk] = sha.digest();
        }
        return combine(d, digests, bytes);
    }

    private static long crcOf(Path f) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer buf = BUFFER.get();
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            buf.clear();
            while (ch.read(buf) > 0) {
                buf.flip();
                crc.update(buf);
                buf.clear();
            }
        }
        return crc.getValue();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
