package org.fsflow.safety;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files that fsflow creates and opens as root, never through a symbolic link it did not make:
 * a new file is created with {@code O_CREAT|O_EXCL|O_NOFOLLOW} (a link or file already there is an
 * error, not a target), and an existing one is opened with {@code O_NOFOLLOW}.
 */
public final class SafeFiles {

    private SafeFiles() {}

    /** Creates {@code file}, which must not exist (not even as a dangling link), for writing. */
    public static FileChannel createNew(Path file) throws IOException {
        return FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }

    /** Creates {@code file} (mode 0600) as a sparse file of {@code bytes}: a loop device's image. */
    public static void createSparse(Path file, long bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(
                file,
                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            if (bytes > 0) {
                // one byte written at the end gives the apparent size and allocates a single block
                ch.write(ByteBuffer.allocate(1), bytes - 1);
            }
        }
    }

    /** Opens an existing regular file for reading; a symbolic link there is an error. */
    public static FileChannel openRead(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Why fsflow, as root, must not use the existing file {@code file} (a link, not a regular file,
     * owned or writable by another user), or null when it may.
     */
    public static String problem(Path file) {
        Owners.Attributes a = Owners.attributes(file);
        if (a == null) {
            return file + " does not exist";
        }
        if (a.link()) {
            return file + " is a symbolic link (" + a.describe() + ")";
        }
        if (!a.regular()) {
            return file + " is not a regular file";
        }
        return Owners.problem(file, a, true);
    }
}
