package org.fsflow.vm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The guest's read-only source disk: an ext4 image holding a copy of a host directory (the
 * datasets fsflow generated there), made by {@code mke2fs -d} without mounting anything, so the
 * guest reads the same seeded bytes as the host.
 */
public final class SourceImage {

    private SourceImage() {}

    /** Writes {@code image}, an ext4 filesystem holding the tree of {@code dir}, sized to fit it. */
    public static void build(Path dir, Path image) {
        long bytes = 0;
        long entries = 0;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                entries++;
                // each file takes whole 4 KiB blocks
                bytes += Files.isRegularFile(p) ? (Files.size(p) + 4095) / 4096 * 4096 : 4096;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long kib = Math.max(64 * 1024, (bytes + bytes / 4) / 1024 + 32 * 1024 + entries / 4);
        try {
            Files.deleteIfExists(image);
            Files.createDirectories(image.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HostCommand r = HostCommand.run(
                null,
                3600,
                List.of(
                        "mke2fs",
                        "-q",
                        "-F",
                        "-t",
                        "ext4",
                        "-m",
                        "0",
                        "-N",
                        String.valueOf(entries + 1024),
                        "-E",
                        "root_owner=0:0",
                        "-d",
                        dir.toString(),
                        image.toString(),
                        kib + "k"));
        if (!r.ok()) {
            throw new VmException("mke2fs -d " + dir + " failed: " + r.lastLine() + " (apt-get install e2fsprogs)");
        }
    }
}
