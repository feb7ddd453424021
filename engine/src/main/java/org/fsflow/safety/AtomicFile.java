package org.fsflow.safety;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Files replaced whole or not at all. The bytes go to a new temporary file beside the target
 * (created with {@code O_EXCL|O_NOFOLLOW}: never through a link someone planted), are forced to
 * disk, the temporary file is renamed over the target, and the directory is forced too: a crash,
 * a {@code kill -9} or a full disk at any instant leaves the old file or the new one, never an
 * empty or torn one. Every file a run writes besides its journal goes through here.
 */
public final class AtomicFile {

    private AtomicFile() {}

    /** Replaces {@code file} with {@code text} (UTF-8). */
    public static void writeString(Path file, String text) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces {@code file} with {@code bytes}. */
    public static void write(Path file, byte[] bytes) throws IOException {
        write(file, ch -> {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
        });
    }

    /** What writes a file's content into the channel of its temporary file. */
    @FunctionalInterface
    public interface Content {
        /** Writes the whole content to {@code ch}. */
        void writeTo(FileChannel ch) throws IOException;
    }

    /** Replaces {@code file} with what {@code content} writes, streamed: no copy of it in memory. */
    public static void write(Path file, Content content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = dir.resolve(
                "." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
        try {
            try (FileChannel ch = FileChannel.open(
                    tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                content.writeTo(ch);
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
        forceDirectory(dir);
    }

    /**
     * Creates {@code file} with {@code bytes}, never replacing anything: the bytes go to a new
     * temporary file beside it, forced to disk, which is then linked to {@code file} (link(2) fails
     * when anything, a link included, is there: no window between a check and the write), and the
     * directory is forced. Where the filesystem has no hard links, a rename that refuses an existing
     * file
     * instead (checked just before it: not proof against a file created in between).
     *
     * @throws java.nio.file.FileAlreadyExistsException when {@code file} exists, nothing changed
     */
    public static void create(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = dir.resolve(
                "." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
        try {
            try (FileChannel ch = FileChannel.open(
                    tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.createLink(file, tmp);
            } catch (UnsupportedOperationException | java.nio.file.FileSystemException e) {
                if (e instanceof java.nio.file.FileAlreadyExistsException exists) {
                    throw exists;
                }
                // without ATOMIC_MOVE: Java's atomic move is a rename(2), which would replace a file
                Files.move(tmp, file);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        forceDirectory(dir);
    }

    /** Forces a directory's entries (a rename, a new file) to disk. */
    public static void forceDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
