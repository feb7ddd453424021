package org.fsflow.host;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The start line of a step that enters cgroups: its shell prelude moves itself into them, then
 * waits for one line on its standard input ({@code CpuCgroup.GATE}). A move into a cgroup waits
 * for an RCU grace period when none has passed recently (5-15 ms measured here); that is the
 * kernel's bookkeeping, not the step's work, so the executor starts the step's clock only once
 * the step's pid is listed in the last cgroup it enters, and then lets it go.
 */
final class CgroupGate {

    /** How long a prelude may take to enter its cgroups before the step runs anyway. */
    private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private CgroupGate() {}

    /** Waits until {@code p} is listed in {@code procs}, has ended (a failed move), or the limit passed. */
    static void awaitEntered(Process p, Path procs) {
        String pid = Long.toString(p.pid());
        long deadline = System.nanoTime() + LIMIT_NANOS;
        while (p.isAlive() && System.nanoTime() < deadline && !listed(procs, pid)) {
            LockSupport.parkNanos(50_000);
        }
    }

    /** Lets the prelude run the step's command. */
    static void open(Process p) {
        try (OutputStream go = p.getOutputStream()) {
            go.write("\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // the prelude already ended (it could not enter a cgroup): its exit status says why
        }
    }

    private static boolean listed(Path procs, String pid) {
        try {
            for (String line : Files.readAllLines(procs)) {
                if (line.equals(pid)) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }
}
