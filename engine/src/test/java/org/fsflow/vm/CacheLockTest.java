package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel cache's lock: a second process waits until the holder lets go (a real second JVM, as
 * two fsflow processes would), and a nested hold in one thread does not deadlock.
 */
class CacheLockTest {

    @TempDir
    Path cache;

    @Test
    void anotherProcessWaitsUntilTheHolderLetsGo() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        Process other;
        try (CacheLock held = CacheLock.hold(cache)) {
            other = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            Holder.class.getName(),
                            cache.toString())
                    .redirectErrorStream(true)
                    .start();
            Thread.sleep(1500); // long enough for the other JVM to start and block on the lock
            assertTrue(other.isAlive(), "the other process waits for the lock");
            order.add("released");
        }
        assertTrue(other.waitFor(60, TimeUnit.SECONDS));
        order.add(new String(other.getInputStream().readAllBytes()).strip());
        assertEquals(List.of("released", "took it"), order);
    }

    @Test
    void aNestedHoldInOneThreadIsTakenOnce() {
        try (CacheLock outer = CacheLock.hold(cache);
                CacheLock inner = CacheLock.hold(cache)) {
            assertTrue(outer != inner);
        }
        try (CacheLock again = CacheLock.hold(cache)) {
            assertTrue(again != null, "free again after both closed");
        }
    }

    /** The second process: takes the lock, says so, lets go. */
    public static final class Holder {
        public static void main(String[] args) {
            try (CacheLock held = CacheLock.hold(Path.of(args[0]))) {
                System.out.println("took it");
            }
        }
    }
}
