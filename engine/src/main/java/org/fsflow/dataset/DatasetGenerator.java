package org.fsflow.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.fsflow.result.Json;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Dataset;

/**
 * Generates a dataset tree, seeded and reproducible: file {@code k} (in tree order) gets its size
 * and its bytes from its own SplitMix64 stream, derived from (seed, k), so files can be written in
 * parallel and the result does not depend on the number of threads. Streams: memory does not grow
 * with the file count. Chunks of {@link #CHUNK} files of one leaf directory are taken in turn by
 * every writer thread (the calling one among them) from one counter, each written by a {@link
 * ChunkWriter}.
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
    public Manifest generate(Dataset d, long seed, Path root, BooleanSupplier cancelled) {
        try {
            deleteTree(root);
            Files.deleteIfExists(Manifest.of(root));
            Files.createDirectories(root);
            // work is cut into chunks of files (of one leaf directory each), one digest per chunk,
            // combined in order: memory grows with chunks (32 bytes per CHUNK files), not files
            byte[][] digests = new byte[Math.toIntExact(d.leafDirs() * ChunkWriter.chunksPerLeaf(d))][];
            long[] bytes = new long[digests.length];
            writeChunks(d, seed, root, cancelled, digests, bytes);
            Manifest m = combine(d, digests, bytes);
            Manifest withSpec = new Manifest(Manifest.GENERATOR, spec(d, seed), m.files(), m.bytes(), m.digest());
            try (OutputStream os = Channels.newOutputStream(SafeFiles.createNew(Manifest.of(root)))) {
                os.write(withSpec.toJson().getBytes(StandardCharsets.UTF_8));
            }
            return withSpec;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate dataset " + d.name() + " in " + root, e);
        }
    }

    // every thread (this one and threads - 1 of a pool) takes the next chunk until none is left:
    // one hand-off per thread, not one per chunk; a failure or a cancel stops them all
    private void writeChunks(
            Dataset d, long seed, Path root, BooleanSupplier cancelled, byte[][] digests, long[] bytes) {
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        Callable<Void> worker = () -> {
            ChunkWriter writer = new ChunkWriter(d, seed, root);
            try {
                for (int t = next.getAndIncrement(); t < digests.length && !stop.get(); t = next.getAndIncrement()) {
                    if (cancelled.getAsBoolean()) {
                        throw new Cancelled();
                    }
                    writer.write(writer.chunkOf(t), digests, bytes);
                }
            } catch (RuntimeException | Error e) {
                stop.set(true);
                throw e;
            }
            return null;
        };
        int helpers = (int) Math.min(threads - 1L, Math.max(0, digests.length - 1L));
        ExecutorService pool = helpers == 0 ? null : pool(helpers, "fsflow-dataset");
        try {
            List<Future<Void>> jobs = new ArrayList<>();
            for (int i = 0; i < helpers; i++) {
                jobs.add(pool.submit(worker));
            }
            RuntimeException failure = null;
            try {
                worker.call();
            } catch (RuntimeException e) {
                failure = e;
            }
            for (Future<Void> f : jobs) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    // the first real failure wins over a Cancelled that it caused elsewhere
                    failure = failure != null && !(failure instanceof Cancelled) ? failure : unwrap(e.getCause());
                }
            }
            if (failure != null) {
                throw failure;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("dataset generation interrupted", e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private static RuntimeException unwrap(Throwable cause) {
        if (cause instanceof Error e) {
            throw e;
        }
        return cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
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

    // random: all bytes from the stream; zero: zeros; compressible c: in every 4 KiB block the
    // first c x 4096 bytes are zero, the rest random, so the block compresses to about (1 - c)
    private static final ThreadLocal<long[]> WORDS = ThreadLocal.withInitial(() -> new long[BLOCK / 8]);

    // the long view of each thread's BUFFER, made once (a view per call is garbage per file)
    private static final ThreadLocal<java.nio.LongBuffer> LONGS = ThreadLocal.withInitial(
            () -> BUFFER.get().duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer());

    static void fill(ByteBuffer buf, int n, SplitMix64 rng, Dataset.Content content) {
        // the words are made in a plain long[] and copied in one bulk put: far cheaper than one
        // bounds-checked putLong per 8 bytes, warm or cold
        long[] w = WORDS.get();
        fill(w, n, rng, content);
        buf.clear();
        (buf == BUFFER.get() ? LONGS.get().clear() : buf.asLongBuffer()).put(w, 0, (n + 7) / 8);
        buf.limit(n);
        buf.position(0);
    }

    /** Fills the words of the next {@code n} bytes of the content into {@code w}. */
    static void fill(long[] w, int n, SplitMix64 rng, Dataset.Content content) {
        int words = (n + 7) / 8;
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
