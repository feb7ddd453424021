package org.fsflow.aging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fsflow.parse.Filefrag;
import org.fsflow.parse.FreeSpace;
import org.fsflow.parse.OutputParser;
import org.fsflow.place.Commands;
import org.fsflow.safety.CachedFiles;

/**
 * The state an aging left, measured on the aged filesystem: file fragmentation (each file's
 * extents, from FIEMAP through {@code filefrag -v}), free-space fragmentation ({@code e2freefrag},
 * {@code xfs_db freesp}), fullness (statfs), and the aged-state fingerprint: SHA-256 over, per
 * entry in path order, its path, inode number, size, content hash and physical extent map, then
 * the free-space histogram. The raw image cannot serve: the kernel writes its clock (inode times,
 * superblock times) and counters into it, so two equal agings differ in bytes; they do not differ
 * in this fingerprint when the allocator made the same choices.
 */
final class AgedState {

    private static final int BATCH = 200;
    private static final Duration LIMIT = Duration.ofMinutes(30);

    private AgedState() {}

    /**
     * What {@link #measure} found.
     *
     * @param fullnessPct    used share of the filesystem (statfs), percent
     * @param files          regular files
     * @param extentsPerFile mean extents of a non-empty file
     * @param fragmentedPct  share of non-empty files with more than one extent, percent
     * @param maxExtents     the most extents of one file
     * @param free           free-space fragmentation, or null where no tool says
     * @param freeTool       the tool that measured it, or why none did
     * @param fingerprint    the aged-state fingerprint (hex SHA-256)
     * @param state          what the fingerprint hashes, one line per entry: kept beside the image, so two
     *                       agings with different fingerprints can be compared with diff
     */
    record Measured(
            double fullnessPct,
            long files,
            double extentsPerFile,
            double fragmentedPct,
            long maxExtents,
            FreeSpace free,
            String freeTool,
            String fingerprint,
            String state) {}

    /** Measures the filesystem of {@code dev} mounted on {@code mnt}; {@code unmount} unmounts it halfway. */
    static Measured measure(Path mnt, String dev, String type, Runnable unmount) throws IOException {
        var store = Files.getFileStore(mnt);
        double fullness = 100.0 * (store.getTotalSpace() - store.getUnallocatedSpace()) / store.getTotalSpace();
        List<Path> entries;
        try (Stream<Path> walk = Files.walk(mnt)) {
            entries = walk.filter(p -> !p.equals(mnt)).sorted().toList();
        }
        List<Path> regular = entries.stream().filter(Files::isRegularFile).toList();
        Map<String, Filefrag.FileMap> maps = extents(regular);
        StringBuilder print = new StringBuilder();
        long files = 0;
        long nonEmpty = 0;
        long extents = 0;
        long fragmented = 0;
        long most = 0;
        for (Path p : entries) {
            Filefrag.FileMap m = maps.get(p.toString());
            line(print, mnt, p, m);
            if (m != null) {
                files++;
                int n = m.extents().size();
                nonEmpty += n > 0 ? 1 : 0;
                extents += n;
                fragmented += n > 1 ? 1 : 0;
                most = Math.max(most, n);
            }
        }
        unmount.run();
        FreeSpace free = freeSpace(dev, type);
        print.append(free == null ? "free none" : "free " + free).append('\n');
        String state = print.toString();
        return new Measured(
                fullness,
                files,
                nonEmpty == 0 ? 0 : (double) extents / nonEmpty,
                nonEmpty == 0 ? 0 : 100.0 * fragmented / nonEmpty,
                most,
                free,
                freeTool(type),
                HexFormat.of().formatHex(digest().digest(state.getBytes(StandardCharsets.UTF_8))),
                state);
    }

    // one entry: path, inode, then for a file its size, content hash and extents
    private static void line(StringBuilder print, Path mnt, Path p, Filefrag.FileMap m) throws IOException {
        StringBuilder s =
                new StringBuilder(mnt.relativize(p).toString()).append(' ').append(Files.getAttribute(p, "unix:ino"));
        if (m == null && Files.isRegularFile(p)) {
            throw new IOException("filefrag gave no extent map for " + p);
        }
        if (m != null) {
            s.append(' ').append(m.bytes()).append(' ').append(sha256(p));
            for (Filefrag.Extent e : m.extents()) {
                s.append(' ')
                        .append(e.logical())
                        .append(':')
                        .append(e.physical())
                        .append('+')
                        .append(e.length())
                        .append(':')
                        .append(e.flags());
            }
        }
        print.append(s).append('\n');
    }

    private static Map<String, Filefrag.FileMap> extents(List<Path> files) {
        Map<String, Filefrag.FileMap> out = new HashMap<>();
        for (int i = 0; i < files.size(); i += BATCH) {
            List<String> argv = new ArrayList<>(List.of("filefrag", "-v"));
            files.subList(i, Math.min(files.size(), i + BATCH)).forEach(p -> argv.add(p.toString()));
            Commands.Result r = Commands.run(argv, LIMIT);
            if (!r.ok()) {
                throw new IllegalStateException("filefrag: " + r.message());
            }
            Filefrag.parse(r.out()).forEach(m -> out.put(m.path(), m));
        }
        return out;
    }

    private static FreeSpace freeSpace(String dev, String type) {
        List<String> argv = switch (type) {
            case "xfs" -> List.of("xfs_db", "-r", "-c", "sb 0", "-c", "p blocksize", "-c", "freesp -s", dev);
            case "btrfs" -> null;
            default -> List.of("e2freefrag", dev);
        };
        if (argv == null) {
            return null;
        }
        Commands.Result r = Commands.run(argv, LIMIT);
        if (!r.ok()) {
            throw new IllegalStateException(argv.get(0) + ": " + r.message());
        }
        try {
            return type.equals("xfs") ? FreeSpace.xfsFreesp(r.out()) : FreeSpace.e2freefrag(r.out());
        } catch (OutputParser.Unparseable e) {
            throw new IllegalStateException("unparseable " + argv.get(0) + " output: " + e.getMessage());
        }
    }

    static String freeTool(String type) {
        return switch (type) {
            case "xfs" -> "xfs_db -r -c 'freesp -s'";
            case "btrfs" -> "none: btrfs-progs prints no free-space histogram";
            default -> "e2freefrag";
        };
    }

    /** SHA-256 of a file's bytes, in hex. */
    static String sha256(Path file) {
        try {
            return CachedFiles.sha256(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
