package org.fsflow.dataset;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Dataset;

/**
 * Checks that a copy of a generated dataset (a step's {@code verify:}) holds exactly its files:
 * every name, size and byte compared with the bytes that (spec, seed) generates again, nothing
 * more. A copy that is one file is compared with the file of a one-file dataset (its name aside). A filesystem that loses or corrupts data is caught here, never reported as a fast time.
 */
public final class CopyVerifier {

    // naming every extra file needs the set of expected names: up to this many files
    private static final long NAMED_EXTRAS_LIMIT = 2_000_000;

    private CopyVerifier() {}

    /** Null when the tree at {@code root} is exactly dataset {@code d}, else what differs, in a few words. */
    public static String difference(Dataset d, long seed, Path root, int threads) {
        if (Files.isRegularFile(root, LinkOption.NOFOLLOW_LINKS)) {
            return singleFile(d, seed, root);
        }
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return "the copy " + root + " is missing (no such " + (d.fileCount() == 1 ? "file or " : "") + "directory)";
        }
        if (CopyCompare.matches(d, seed, root, threads)) {
            return null;
        }
        return describe(d, seed, root);
    }

    // the first difference found, with the count of missing and wrong files; the slow path
    private static String describe(Dataset d, long seed, Path root) {
        long missing = 0;
        long wrong = 0;
        String first = null;
        Set<String> expected = d.fileCount() <= NAMED_EXTRAS_LIMIT ? new HashSet<>() : null;
        for (long leaf = 0; leaf < d.leafDirs(); leaf++) {
            String dir = DatasetShape.leafPath(d, leaf);
            for (long j = 0; j < d.files(); j++) {
                SplitMix64 rng = SplitMix64.forItem(seed, leaf * d.files() + j);
                long size = DatasetShape.sizeOf(d, rng);
                String rel = dir + DatasetShape.fileName(d, j);
                if (expected != null) {
                    expected.add(rel);
                }
                String problem = fileProblem(root.resolve(rel), size, rng, d.content());
                if (problem != null) {
                    if (problem.startsWith("missing")) {
                        missing++;
                    } else {
                        wrong++;
                    }
                    first = first != null ? first : rel + " " + problem;
                }
            }
        }
        String extra = extra(root, expected);
        StringBuilder b = new StringBuilder("the copy ")
                .append(root)
                .append(" differs from dataset '")
                .append(d.name())
                .append("': ");
        if (first != null) {
            b.append(missing)
                    .append(" of ")
                    .append(d.fileCount())
                    .append(" files missing, ")
                    .append(wrong)
                    .append(" different; first: ")
                    .append(first);
        }
        if (extra != null) {
            b.append(first != null ? "; " : "").append(extra);
        }
        if (first == null && extra == null) {
            b.append("its files or directories are not the dataset's (a link, or a directory added)");
        }
        return b.toString();
    }

    // a copy of a one-file dataset's file under another name (cp DATASET/fichier1 MNT/image.iso)
    private static String singleFile(Dataset d, long seed, Path file) {
        if (d.fileCount() != 1) {
            return "the copy " + file + " is one file, but dataset '" + d.name() + "' has " + d.fileCount()
                    + " files: verify a single-file copy against a one-file dataset";
        }
        SplitMix64 rng = SplitMix64.forItem(seed, 0);
        long size = DatasetShape.sizeOf(d, rng);
        String problem = fileProblem(file, size, rng, d.content());
        return problem == null
                ? null
                : "the copy " + file + " differs from the file of dataset '" + d.name() + "' ("
                        + DatasetShape.leafPath(d, 0) + DatasetShape.fileName(d, 0) + "): it " + problem;
    }

    private static String fileProblem(Path file, long size, SplitMix64 rng, Dataset.Content content) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return "missing";
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return "is not a regular file";
        }
        ByteBuffer expected = DatasetGenerator.BUFFER.get();
        ByteBuffer actual = ByteBuffer.allocate(DatasetGenerator.BLOCK).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = SafeFiles.openRead(file)) {
            if (ch.size() != size) {
                return "has " + ch.size() + " bytes instead of " + size;
            }
            for (long offset = 0; offset < size; ) {
                int n = (int) Math.min(DatasetGenerator.BLOCK, size - offset);
                DatasetGenerator.fill(expected, n, rng, content);
                actual.clear().limit(n);
                while (actual.hasRemaining() && ch.read(actual) > 0) {
                    // read the whole block
                }
                actual.flip();
                int at = expected.mismatch(actual);
                if (at >= 0) {
                    return "differs at byte " + (offset + at);
                }
                offset += n;
            }
        } catch (IOException | RuntimeException e) {
            return "cannot be read: " + e.getMessage();
        }
        return null;
    }

    // files in the copy that the dataset does not have
    private static String extra(Path root, Set<String> expected) {
        if (expected == null) {
            return null;
        }
        try (Stream<Path> all = Files.walk(root)) {
            var extras = all.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> root.relativize(p).toString())
                    .filter(p -> !expected.contains(p))
                    .sorted()
                    .toList();
            return extras.isEmpty() ? null : extras.size() + " extra file(s), first: " + extras.get(0);
        } catch (IOException | java.io.UncheckedIOException e) {
            return "cannot list the copy: " + e.getMessage();
        }
    }
}
