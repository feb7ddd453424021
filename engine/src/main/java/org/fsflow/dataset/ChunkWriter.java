package org.fsflow.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Set;
import java.util.zip.CRC32C;
import org.fsflow.scenario.Dataset;

/**
 * One writer thread's tools, made once per thread and generation: the block of bytes (a direct
 * buffer, so a write is one copy into the kernel), the long words it is filled from, a CRC32C, a
 * SHA-256 and the file name pattern cut at its {@code {j}}. It writes whole chunks of files (see
 * {@link DatasetGenerator#CHUNK}) and records each chunk's digest and bytes. Nothing per file but
 * the path and the channel is allocated: bench/datasets.sh measures fsflow beside a C writer, and
 * each file costs the kernel only a few microseconds.
 */
final class ChunkWriter {

    // CREATE_NEW: the tree was emptied first, so a file already there is not ours and is never
    // written through (a link is not followed either); one set for every file, not one per open
    private static final Set<OpenOption> CREATE =
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    private final Dataset d;
    private final long seed;
    private final Path root;
    private final long perLeaf;
    private final ByteBuffer block =
            ByteBuffer.allocateDirect(DatasetGenerator.BLOCK).order(ByteOrder.LITTLE_ENDIAN);
    private final LongBuffer longs =
            block.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    private final long[] words = new long[DatasetGenerator.BLOCK / 8];
    private final CRC32C crc = new CRC32C();
    private final MessageDigest sha = DatasetGenerator.sha256();
    private final String[] nameParts;
    private final StringBuilder name = new StringBuilder();

    ChunkWriter(Dataset d, long seed, Path root) {
        this.d = d;
        this.seed = seed;
        this.root = root;
        this.perLeaf = chunksPerLeaf(d);
        this.nameParts = d.fileName().split("\\{j\\}", -1);
    }

    /** How many chunks each leaf directory's files are cut into. */
    static long chunksPerLeaf(Dataset d) {
        return (d.files() + DatasetGenerator.CHUNK - 1) / DatasetGenerator.CHUNK;
    }

    /**
     * The chunk that the {@code ticket}-th claim writes: tickets go round the leaf directories
     * (chunk 0 of each, then chunk 1, ...), so two threads rarely create files in one directory,
     * whose lock each creation takes. 131,072 files on a tmpfs, six alternating runs against
     * claims in tree order: 4.24 s of CPU against 4.45 s, 2.49 s against 2.60 s (medians).
     */
    int chunkOf(int ticket) {
        long leaves = d.leafDirs();
        return Math.toIntExact((ticket % leaves) * perLeaf + ticket / leaves);
    }

    /** Writes the files of chunk {@code chunk}; its digest and bytes go to {@code digests}, {@code bytes}. */
    void write(int chunk, byte[][] digests, long[] bytes) {
        long leaf = chunk / perLeaf;
        long first = (chunk % perLeaf) * DatasetGenerator.CHUNK;
        long last = Math.min(d.files(), first + DatasetGenerator.CHUNK);
        String dirName = DatasetShape.leafPath(d, leaf);
        try {
            Path dir = root.resolve(dirName);
            // one stat per chunk; creating a directory that exists would throw and catch inside
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir);
            }
            long total = 0;
            for (long j = first; j < last; j++) {
                total += writeFile(leaf, j, dir, dirName);
            }
            digests[chunk] = sha.digest();
            bytes[chunk] = total;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // the name pattern with {j} replaced by the 1-based index, as DatasetShape.fileName has it
    private String fileName(long j) {
        if (nameParts.length == 1) {
            return nameParts[0];
        }
        name.setLength(0);
        name.append(nameParts[0]);
        for (int i = 1; i < nameParts.length; i++) {
            name.append(j + 1).append(nameParts[i]);
        }
        return name.toString();
    }

    // one file, its entry added to the chunk's digest; its size. A method per file, not a loop
    // body: the JIT compiles it after a few hundred files, where a chunk's loop would run
    // interpreted for the first hundred chunks
    private long writeFile(long leaf, long j, Path dir, String dirName) throws IOException {
        SplitMix64 rng = SplitMix64.forItem(seed, leaf * d.files() + j);
        long size = DatasetShape.sizeOf(d, rng);
        String file = fileName(j);
        long crc = writeBytes(dir.resolve(file), size, rng);
        sha.update(DatasetGenerator.entry(dirName + file, size, crc));
        return size;
    }

    private long writeBytes(Path file, long size, SplitMix64 rng) throws IOException {
        crc.reset();
        try (FileChannel ch = FileChannel.open(file, CREATE)) {
            long left = size;
            while (left > 0) {
                int n = (int) Math.min(DatasetGenerator.BLOCK, left);
                DatasetGenerator.fill(words, n, rng, d.content());
                longs.clear();
                longs.put(words, 0, (n + 7) / 8);
                block.clear().limit(n);
                crc.update(block);
                block.position(0);
                while (block.hasRemaining()) {
                    ch.write(block);
                }
                left -= n;
            }
        }
        return crc.getValue();
    }
}
