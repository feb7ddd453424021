package org.fsflow.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One campaign per host at a time: two runs would measure each other. The lock is an OS file lock
 * on {@link #PATH} (released by the kernel even after kill -9); the file names the holder, so a
 * second run's error says which run to wait for.
 */
public final class HostLock implements AutoCloseable {

    /**
     * The lock file: {@code /run/fsflow.lock}, or what the property {@code fsflow.lock} or else the
     * environment's {@code FSFLOW_LOCK} names. Only the tests move it, each test JVM of theirs to its
     * own, with the campaigns it starts (their machine-wide checks are the tests' own business).
     */
    public static final Path PATH =
            Path.of(System.getProperty("fsflow.lock", System.getenv().getOrDefault("FSFLOW_LOCK", "/run/fsflow.lock")));

    private final FileChannel channel;
    private final FileLock lock;

    private HostLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock for the campaign described by {@code holder}, or fails naming the run that holds it. */
    public static HostLock acquire(String holder) {
        try {
            Files.createDirectories(PATH.getParent());
            FileChannel ch = FileChannel.open(
                    PATH, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                String other = Files.readString(PATH).strip();
                ch.close();
                throw new RunFailure("another fsflow campaign is running on this host (" + other
                        + "): wait for it to end; two campaigns would measure each other");
            }
            ch.truncate(0);
            ch.write(
                    ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", " + holder + "\n")
                            .getBytes(StandardCharsets.UTF_8)),
                    0);
            ch.force(false);
            return new HostLock(ch, lock);
        } catch (IOException e) {
            throw new RunFailure("cannot take the host lock " + PATH + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the kernel releases the lock when the process ends anyway
        }
    }
}
