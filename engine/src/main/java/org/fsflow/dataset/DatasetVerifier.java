package org.fsflow.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.zip.CRC32C;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Dataset;

/**
 * Checks that a tree on disk is exactly the dataset that (spec, seed) generates, before a run
 * reuses it: every file compared byte for byte with its bytes generated again (a CRC alone can be
 * forged), no symbolic link, no other file or directory. Returns the manifest that the tree
 * deserves, so a manifest on disk that differs from it (replaced, edited) is detected too.
 */
final class DatasetVerifier {

    private static final ThreadLocal<ByteBuffer> ACTUAL = ThreadLocal.withInitial(
            () -> ByteBuffer.allocateDirect(DatasetGenerator.BLOCK).order(ByteOrder.LITTLE_ENDIAN));

    private DatasetVerifier() {}

    /** The manifest of the tree at {@code root} when it is exactly the dataset, else null. */
    static Manifest verify(Dataset d, long seed, Path root, int threads) {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS) || !shapeMatches(d, root)) {
            return null;
        }
        long perLeaf = (d.files() + DatasetGenerator.CHUNK - 1) / DatasetGenerator.CHUNK;
        byte[][] digests = new byte[Math.toIntExact(d.leafDirs() * perLeaf)][];
        long[] bytes = new long[digests.length];
        ExecutorService pool = DatasetGenerator.pool(threads, "fsflow-dataset-check");
        try {
            List<Future<Boolean>> jobs = new ArrayList<>();
            for (int chunk = 0; chunk < digests.length; chunk++) {
                int c = chunk;
                jobs.add(pool.submit(() -> chunkMatches(d, seed, root, c, perLeaf, digests, bytes)));
            }
            for (Future<Boolean> f : jobs) {
                if (!f.get()) {
                    return null;
                }
            }
        } catch (ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            pool.shutdownNow();
        }
        return DatasetGenerator.combine(d, digests, bytes);
    }

    /** True when the tree holds exactly the dataset's directories and regular files, and no link. */
    static boolean shapeMatches(Dataset d, Path root) {
        long[] counts = new long[3];
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    counts[0]++;
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    counts[attrs.isRegularFile() ? 1 : 2]++;
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return false;
        }
        return counts[0] - 1 == DatasetShape.directories(d) && counts[1] == d.fileCount() && counts[2] == 0;
    }

    private static boolean chunkMatches(
            Dataset d, long seed, Path root, int chunk, long perLeaf, byte[][] digests, long[] bytes) {
        long leaf = chunk / perLeaf;
        long first = (chunk % perLeaf) * DatasetGenerator.CHUNK;
        String dir = DatasetShape.leafPath(d, leaf);
        MessageDigest sha = DatasetGenerator.sha256();
        for (long j = first; j < Math.min(d.files(), first + DatasetGenerator.CHUNK); j++) {
            SplitMix64 rng = SplitMix64.forItem(seed, leaf * d.files() + j);
            long size = DatasetShape.sizeOf(d, rng);
            String rel = dir + DatasetShape.fileName(d, j);
            long crc = fileMatches(root.resolve(rel), size, rng, d.content());
            if (crc < 0) {
                return false;
            }
            sha.update(DatasetGenerator.entry(rel, size, crc));
            bytes[chunk] += size;
        }
        digests[chunk] = sha.digest();
        return true;
    }

    /** The CRC32C of the file when it holds exactly the expected bytes, else -1. */
    private static long fileMatches(Path file, long size, SplitMix64 rng, Dataset.Content content) {
        CRC32C crc = new CRC32C();
        ByteBuffer expected = DatasetGenerator.BUFFER.get();
        ByteBuffer actual = ACTUAL.get();
        try (FileChannel ch = SafeFiles.openRead(file)) {
            if (ch.size() != size) {
                return -1;
            }
            long left = size;
            while (left > 0) {
                int n = (int) Math.min(DatasetGenerator.BLOCK, left);
                DatasetGenerator.fill(expected, n, rng, content);
                actual.clear().limit(n);
                while (actual.hasRemaining() && ch.read(actual) > 0) {
                    // read the whole block
                }
                actual.flip();
                if (actual.remaining() != n || expected.mismatch(actual) >= 0) {
                    return -1;
                }
                crc.update(expected);
                left -= n;
            }
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
        return crc.getValue();
    }
}
