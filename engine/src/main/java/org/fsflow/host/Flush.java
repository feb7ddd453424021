package org.fsflow.host;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * {@code flush: true}: after a step's process exits, its filesystem is synced ({@code sync -f},
 * syncfs(2)) inside the measured interval, as fio's {@code end_fsync} does: a write step then
 * measures the writes reaching the device, not the page cache absorbing them.
 *
 * @param seconds   how long the sync took
 * @param exitCode  sync's exit status
 * @param failure   why the sync failed, or null
 */
record Flush(double seconds, int exitCode, String failure) {

    /** Syncs the filesystem mounted on {@code mountPoint}, within {@code timeout} (null: no limit). */
    static Flush of(Path mountPoint, Duration timeout) {
        long start = System.nanoTime();
        try {
            Process p = new ProcessBuilder("sync", "-f", mountPoint.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            boolean ended = timeout == null
                    ? p.waitFor() >= Integer.MIN_VALUE
                    : p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (!ended) {
                p.destroyForcibly();
                return new Flush(seconds, 124, "flush: sync -f " + mountPoint + " did not end within the time limit");
            }
            int code = p.exitValue();
            return new Flush(seconds, code, code == 0 ? null : "flush: sync -f " + mountPoint + " exited " + code);
        } catch (IOException e) {
            return new Flush((System.nanoTime() - start) / 1e9, 127, "flush: cannot run sync -f: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Flush((System.nanoTime() - start) / 1e9, 130, "flush: interrupted");
        }
    }
}
