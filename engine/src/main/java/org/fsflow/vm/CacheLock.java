package org.fsflow.vm;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The kernel cache's lock: held while a kernel package is unpacked or an initramfs is built, so
 * that two fsflow processes (a campaign and a doctor, or runs on per-test host locks) never write
 * the same cache entry at once. Blocking; an advisory lock on {@code .lock} in the cache, which the
 * kernel releases when a holder dies, plus a lock within this JVM.
 */
final class CacheLock implements AutoCloseable {

    private static final ReentrantLock IN_JVM = new ReentrantLock();
    // the caches whose file lock this JVM holds (guarded by IN_JVM): a nested hold takes it once
    private static final java.util.Set<Path> HELD = new java.util.HashSet<>();

    private final FileChannel channel;
    private final FileLock lock;
    private final Path root;

    private CacheLock(FileChannel channel, FileLock lock, Path root) {
        this.channel = channel;
        this.lock = lock;
        this.root = root;
    }

    /**
     * Waits for the lock of cache {@code root} (created if missing) and holds it until closed; a
     * thread that holds it already (a probe building its initramfs) holds it once more.
     */
    static CacheLock hold(Path root) {
        IN_JVM.lock();
        Path key = root.toAbsolutePath().normalize();
        if (HELD.contains(key)) {
            return new CacheLock(null, null, null);
        }
        try {
            Files.createDirectories(root);
            FileChannel ch =
                    FileChannel.open(root.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                CacheLock l = new CacheLock(ch, ch.lock(), key);
                HELD.add(key);
                return l;
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        } catch (IOException e) {
            IN_JVM.unlock();
            throw new VmException("cannot lock the kernel cache " + root + ": " + e.getMessage());
        } catch (RuntimeException e) {
            IN_JVM.unlock();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            if (lock != null) {
                HELD.remove(root);
                lock.release();
                channel.close();
            }
        } catch (IOException e) {
            // the kernel releases it when the channel or the process goes
        } finally {
            IN_JVM.unlock();
        }
    }
}
