package org.fsflow.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
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
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Dataset;

/**
 * Generates a dataset tree, seeded and reproducible: file {@code k} (in tree order) gets its size
 * and its bytes from its own SplitMix64 stream, derived from (seed, k), so files can be written in
 * parallel and the result does not depend on the number of threads. Streams: memory does not grow
 * with the file count. Leaf directories are shared out among the cores.
 */
public final class DatasetGenerator {

    static final int BLOCK = 1 << 20;
    /** Files per unit of parallel work (and per digest). Part of the digest: changing it changes manifests. */
    static final int CHUNK = 256;

    static final ThreadLocal<ByteBuffer> BUFFER =
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
        return String.format(
                Locale.ROOT,
                "dirs=%d files=%d depth=%d size=%s content=%s/%.4f names=%s,%s seed=%d",
                d.dirs(),
                d.files(),
                d.depth(),
                d.size(),
                d.content().kind(),
                d.content().compressibility(),
                d.dirName(),
                d.fileName(),
                seed);
    }

    /**
     * Returns the manifest of a valid dataset already at {@code root} (same generator and spec,
     * every file byte for byte as generated, nothing else in the tree, and a manifest whose digest
     * is the tree's), or null when there is none or anything differs: the caller regenerates it.
     */
    public Manifest reusable(Dataset d, long seed, Path root) {
        Path file = Manifest.of(root);
        Manifest m;
        try (InputStream in = Channels.newInputStream(SafeFiles.openRead(file))) {
            m = Json.MAPPER.readValue(in, Manifest.class);
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        if (!Manifest.GENERATOR.equals(m.generator()) || !spec(d, seed).equals(m.spec())) {
            return null;
        }
        Manifest actual = DatasetVerifier.verify(d, seed, root, threads);
        return actual != null
                        && actual.files() == m.files()
                        && actual.bytes() == m.bytes()
                        && actual.digest().equals(m.digest())
                ? m
                : null;
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
            ExecutorService pool = pool(threads, "fsflow-dataset");
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
            try (OutputStream os = Channels.newOutputStream(SafeFiles.createNew(Manifest.of(root)))) {
                Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(os, withSpec);
            }
            return withSpec;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate dataset " + d.name() + " in " + root, e);
        }
    }

    private void writeChunk(Dataset d, long seed, Path root, int chunk, long perLeaf, byte[][] digests, long[] bytes) {
        try {
            long leaf = chunk / perLeaf;
            long first = (chunk % perLeaf) * CHUNK;
            long last = Math.min(d.files(), first + CHUNK);
            String dirName = DatasetShape.leafPath(d, leaf);
            Path dir = root.resolve(dirName);
            Files.createDirectories(dir);
            MessageDigest sha = sha256();
            long total = 0;
            for (long j = first; j < last; j++) {
                SplitMix64 rng = SplitMix64.forItem(seed, leaf * d.files() + j);
                long size = DatasetShape.sizeOf(d, rng);
                String rel = dirName + DatasetShape.fileName(d, j);
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

    static byte[] entry(String rel, long size, long crc) {
        return (rel + "\0" + size + "\0" + crc + "\n").getBytes(StandardCharsets.UTF_8);
    }

    static Manifest combine(Dataset d, byte[][] leafDigests, long[] leafBytes) {
        MessageDigest sha = sha256();
        long bytes = 0;
        for (int i = 0; i < leafDigests.length; i++) {
            sha.update(leafDigests[i]);
            bytes += leafBytes[i];
        }
        return new Manifest(
                Manifest.GENERATOR, "", d.fileCount(), bytes, HexFormat.of().formatHex(sha.digest()));
    }

    private static long writeFile(Path file, long size, SplitMix64 rng, Dataset.Content content) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer buf = BUFFER.get();
        // the tree was emptied first: a file already there is not ours, and is never written through
        try (FileChannel ch = SafeFiles.createNew(file)) {
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

    // the long view of each thread's BUFFER, made once (a view per call is garbage per file)
    private static final ThreadLocal<java.nio.LongBuffer> LONGS = ThreadLocal.withInitial(
            () -> BUFFER.get().duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer());

    static void fill(ByteBuffer buf, int n, SplitMix64 rng, Dataset.Content content) {
        // the words are made in a plain long[] and copied in one bulk put: far cheaper than one
        // bounds-checked putLong per 8 bytes, warm or cold
        int words = (n + 7) / 8;
        long[] w = WORDS.get();
        switch (content.kind()) {
            case ZERO -> java.util.Arrays.fill(w, 0, words, 0L);
            case RANDOM -> rng.fill(w, 0, words);
            default -> {
                int zeroWords = (int) Math.round(content.compressibility() * 512);
                for (int block = 0; block < words; block += 512) {
                    int zeros = Math.min(words, block + zeroWords);
                    java.util.Arrays.fill(w, block, zeros, 0L);
                    rng.fill(w, zeros, Math.min(words, block + 512));
                }
            }
        }
        buf.clear();
        (buf == BUFFER.get() ? LONGS.get().clear() : buf.asLongBuffer()).put(w, 0, words);
        buf.limit(n);
        buf.position(0);
    }

    /** A pool of {@code threads} daemon threads named {@code name}. */
    static ExecutorService pool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
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
