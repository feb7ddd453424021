package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Samples the peak resident set ({@code VmHWM}) of a process and its descendants while they run,
 * keeping the largest single process, as GNU time's {@code %M} does. Sampled: a process that
 * lives less than one interval may be missed, so short steps can read low.
 */
public final class RssSampler implements AutoCloseable {

    // one reused daemon thread pool: starting two threads per step was a measurable part of
    // fsflow's per-step overhead
    private static final java.util.concurrent.ExecutorService POOL =
            java.util.concurrent.Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "fsflow-rss-sampler");
                t.setDaemon(true);
                return t;
            });

    private final ProcessHandle root;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private java.util.concurrent.Future<?> task;
    private volatile long maxKb;

    private RssSampler(ProcessHandle root) {
        this.root = root;
    }

    /** Starts sampling {@code root} and its descendants. */
    public static RssSampler start(ProcessHandle root) {
        RssSampler s = new RssSampler(root);
        s.task = POOL.submit(s::loop);
        return s;
    }

    // the root's own VmHWM is one small file: read it every millisecond at first, then every 10 ms;
    // finding descendants scans all of /proc, so do that only every 10 ms, once the root has lived 5 ms
    private void loop() {
        long started = System.nanoTime();
        long lastScan = started;
        while (running.get()) {
            long now = System.nanoTime();
            boolean scan = now - lastScan >= 10_000_000L || (now - started >= 5_000_000L && lastScan == started);
            sample(scan);
            if (scan) {
                lastScan = now;
            }
            long sleepMillis = now - started < 50_000_000L ? 1 : 10;
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample(boolean withDescendants) {
        long max = vmHwmKb(root.pid());
        if (withDescendants && root.isAlive()) {
            for (ProcessHandle d : (Iterable<ProcessHandle>) root.descendants()::iterator) {
                max = Math.max(max, vmHwmKb(d.pid()));
            }
        }
        if (max > maxKb) {
            maxKb = max;
        }
    }

    /** VmHWM of one process in kB, or 0 when it is gone. */
    static long vmHwmKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended between two samples
        }
        return 0;
    }

    /** The largest VmHWM seen, in kB. */
    public long maxKb() {
        return maxKb;
    }

    /** Stops sampling. */
    @Override
    public void close() {
        running.set(false);
        task.cancel(true);
        try {
            task.get(1, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.CancellationException
                | java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            // cancelled as asked; the sampler's last value stands
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
