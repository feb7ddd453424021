package org.fsflow.host;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.parse.Filefrag;
import org.fsflow.place.Commands;
import org.fsflow.result.SharedExtents;

/**
 * Whether a step's files share their data with others, from their extents: after a step on a
 * filesystem that can share extents (xfs, btrfs, bcachefs), the regular files of its mount that
 * were created or changed during the step (inode change time at or after its start; the mount
 * only, no other filesystem under it) are sampled, at most {@value #SAMPLE} of them in walk order,
 * and FIEMAP's shared flag ({@code filefrag -v}) tells which of their bytes are in shared extents.
 * A copy made by reflink has all its data shared with its source; a copy of bytes has none. The
 * walk reads only metadata the step itself just touched or that a cold step's cache drop discards
 * after it, and stops after {@value #VISITS} entries.
 */
final class SharedExtentProbe {

    /** Filesystem types whose files can share extents. */
    static final List<String> SHARING = List.of("xfs", "btrfs", "bcachefs");

    static final int SAMPLE = 64;
    static final int VISITS = 200_000;
    private static final Duration LIMIT = Duration.ofMinutes(2);

    private SharedExtentProbe() {}

    /**
     * The extents of the files under {@code mount} changed since {@code since}, or null when none
     * was, or when they cannot be read (no filefrag, a mount that is gone).
     */
    static SharedExtents of(Path mount, Instant since) {
        List<Path> files;
        try {
            files = changedFiles(mount, since);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (files.isEmpty()) {
            return null;
        }
        List<String> argv = new ArrayList<>(List.of("filefrag", "-v"));
        files.forEach(f -> argv.add(f.toString()));
        Commands.Result r;
        try {
            r = Commands.run(argv, LIMIT);
        } catch (RuntimeException e) {
            return null;
        }
        if (!r.ok()) {
            return null;
        }
        return sum(Filefrag.parse(r.out()));
    }

    /** The sum over the files of {@code maps}: their bytes in extents, and those in shared ones. */
    static SharedExtents sum(List<Filefrag.FileMap> maps) {
        long bytes = 0;
        long shared = 0;
        int n = 0;
        for (Filefrag.FileMap m : maps) {
            n++;
            for (Filefrag.Extent e : m.extents()) {
                long b = e.length() * m.blockBytes();
                bytes += b;
                if (List.of(e.flags().split(",")).contains("shared")) {
                    shared += b;
                }
            }
        }
        return n == 0 ? null : new SharedExtents(n, bytes, shared);
    }

    // regular, non-empty files of mount's filesystem whose inode changed at or after since
    private static List<Path> changedFiles(Path mount, Instant since) throws IOException {
        Object dev = Files.getAttribute(mount, "unix:dev");
        // the inode clock is the kernel's coarse one, a tick behind the wall clock at most
        FileTime from = FileTime.from(since.minusMillis(20));
        List<Path> out = new ArrayList<>();
        int[] visits = {0};
        Files.walkFileTree(mount, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (++visits[0] > VISITS) {
                    return FileVisitResult.TERMINATE;
                }
                return dev.equals(Files.getAttribute(dir, "unix:dev"))
                        ? FileVisitResult.CONTINUE
                        : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (++visits[0] > VISITS) {
                    return FileVisitResult.TERMINATE;
                }
                if (attrs.isRegularFile() && attrs.size() > 0) {
                    Map<String, Object> unix = Files.readAttributes(file, "unix:ctime");
                    if (((FileTime) unix.get("ctime")).compareTo(from) >= 0) {
                        out.add(file);
                    }
                }
                return out.size() >= SAMPLE ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        return out;
    }
}
