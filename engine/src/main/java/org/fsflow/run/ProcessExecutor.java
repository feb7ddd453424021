package org.fsflow.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.PumpStreamHandler;
import org.fsflow.measure.ChildTotals;
import org.fsflow.measure.CpuCgroup;
import org.fsflow.measure.DiskStats;
import org.fsflow.measure.HostCpu;
import org.fsflow.measure.MemoryCgroup;
import org.fsflow.measure.RssSampler;
import org.fsflow.measure.StepCgroups;
import org.fsflow.measure.Usage;

/**
 * Runs a process through commons-exec and measures it like {@code /usr/bin/time}: real time on
 * the monotonic clock from launch to the instant the process exits; user and system time from the
 * run's cgroup (exact, whole tree) or else from the change in the JVM's child totals; faults from
 * the child totals; max RSS sampled over the process tree; device I/O from /proc/diskstats. A time limit or an interrupt kills the whole tree (descendants first). One
 * process at a time: the child totals would mix two concurrent processes.
 */
public final class ProcessExecutor implements StepExecutor {

    private final Path workingDirectory;
    private final CpuCgroup cgroup;
    private final StepCgroups cgroups;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fsflow-step-timer");
        t.setDaemon(true);
        return t;
    });
    // reused daemon threads that block in waitFor(): the exit instant, without a thread start per step
    private static final java.util.concurrent.ExecutorService WAITERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fsflow-exit-waiter");
        t.setDaemon(true);
        return t;
    });
    private volatile Process current;
    private volatile boolean interruptRequested;

    /**
     * An executor whose processes start in {@code workingDirectory}; with a {@code cgroup}, CPU
     * time is read from it (exact, whole tree), else from the JVM's child totals.
     */
    public ProcessExecutor(Path workingDirectory, CpuCgroup cgroup) {
        this.workingDirectory = workingDirectory;
        this.cgroup = cgroup;
        this.cgroups = new StepCgroups(cgroup, "fsflow-" + ProcessHandle.current().pid());
    }

    @Override
    public String cpuMethod() {
        return cgroup != null ? CpuCgroup.METHOD : Usage.CPU_METHOD;
    }

    @Override
    public Execution execute(List<String> argv, Path stdout, Path stderr, Duration timeout,
            List<String> ioDevices) {
        return execute(argv, stdout, stderr, timeout, ioDevices, StepConditions.NONE);
    }

    @Override
    public synchronized Execution execute(List<String> argv, Path stdout, Path stderr, Duration timeout,
            List<String> ioDevices, StepConditions conditions) {
        List<String> full;
        try {
            full = cgroups.enter(argv, conditions.memoryBytes());
        } catch (MemoryCgroup.Unavailable e) {
            Instant now = Instant.now();
            return new Execution(-1, false, false, "memory budget: " + e.getMessage(),
                    new Usage(0, 0, 0, 0, 0, 0, 0, 0, 0), now, now, "");
        }
        interruptRequested = false;
        AtomicLong startNanos = new AtomicLong();
        AtomicLong exitNanos = new AtomicLong();
        boolean[] timedOut = {false};
        RssSampler[] sampler = {null};
        ScheduledFuture<?>[] deadline = {null};
        Launcher executor = new Launcher(() -> startNanos.set(System.nanoTime()), p -> {
            current = p;
            // Process.onExit() completes on the common ForkJoinPool, milliseconds late; a thread
            // blocked in waitFor() wakes right after the JDK's reaper has reaped the process
            WAITERS.execute(() -> {
                try {
                    p.waitFor();
                    exitNanos.compareAndSet(0, System.nanoTime());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            sampler[0] = RssSampler.start(p.toHandle());
            if (timeout != null) {
                deadline[0] = timer.schedule(() -> {
                    timedOut[0] = true;
                    killTree(p);
                }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        });
        executor.setExitValues(null);
        executor.setWorkingDirectory(workingDirectory.toFile());
        CommandLine cmd = new CommandLine(full.get(0));
        cmd.addArguments(full.subList(1, full.size()).toArray(new String[0]), false);
        Map<String, String> env = new HashMap<>(System.getenv());
        // stable, parseable tool output (dd, bonnie++, du) whatever the user's locale
        env.put("LC_ALL", "C");

        ChildTotals before = ChildTotals.read();
        long[] cgroupBefore = cgroup != null ? cgroup.read() : null;
        DiskStats disksBefore = DiskStats.read();
        HostCpu hostBefore = HostCpu.read();
        Instant wallBefore = Instant.now();
        long nanosBefore = System.nanoTime();
        int exitCode;
        String startError = null;
        String tail;
        try (CappedLog out = new CappedLog(stdout); CappedLog err = new CappedLog(stderr)) {
            PumpStreamHandler streams = new PumpStreamHandler(out, err, null);
            // a background grandchild may keep the pipes open: do not wait for it forever
            streams.setStopTimeout(Duration.ofSeconds(2));
            executor.setStreamHandler(streams);
            try {
                exitCode = executor.execute(cmd, env);
            } catch (ExecuteException e) {
                exitCode = e.getExitValue();
            } catch (IOException e) {
                exitCode = -1;
                startError = "cannot start '" + argv.get(0) + "': " + rootMessage(e);
            }
            tail = err.tail();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write logs " + stdout + ", " + stderr, e);
        } finally {
            if (deadline[0] != null) {
                deadline[0].cancel(false);
            }
            if (sampler[0] != null) {
                sampler[0].close();
            }
            current = null;
        }
        long start = startNanos.get() != 0 ? startNanos.get() : nanosBefore;
        long endNanos = exitNanos.get() != 0 ? exitNanos.get() : System.nanoTime();
        Double flushSeconds = null;
        if (conditions.flushMount() != null && exitCode == 0 && !timedOut[0] && !interruptRequested) {
            Flush flush = Flush.of(conditions.flushMount(), timeout);
            flushSeconds = flush.seconds();
            endNanos += Math.round(flush.seconds() * 1e9);
            if (flush.failure() != null) {
                exitCode = flush.exitCode();
                tail = flush.failure();
            }
        }
        Instant startedAt = wallBefore.plusNanos(start - nanosBefore);
        Instant endedAt = startedAt.plusNanos(endNanos - start);
        ChildTotals used = ChildTotals.read().minus(before);
        double userSeconds = used.userSeconds();
        double systemSeconds = used.systemSeconds();
        if (cgroupBefore != null) {
            long[] after = cgroup.read();
            if (after[0] >= 0 && cgroupBefore[0] >= 0) {
                userSeconds = (after[0] - cgroupBefore[0]) / 1e6;
                systemSeconds = (after[1] - cgroupBefore[1]) / 1e6;
            }
        }
        long[] io = DiskStats.read().since(disksBefore, ioDevices);
        Double others = HostCpu.read().othersSince(hostBefore, userSeconds + systemSeconds);
        Usage usage = new Usage((endNanos - start) / 1e9, userSeconds, systemSeconds,
                sampler[0] == null ? 0 : sampler[0].maxKb(), used.minorFaults(), used.majorFaults(), io[0], io[1],
                io[2]);
        return new Execution(exitCode, timedOut[0], interruptRequested, startError, usage, startedAt, endedAt, tail,
                flushSeconds, others, conditions.memoryBytes() >= 0 ? conditions.memoryBytes() : null);
    }

    /** Removes the run's cgroups, if any. */
    public void close() {
        cgroups.close();
    }

    /** How memory budgets are enforced, or null when no step had one. */
    public String memoryBudgetMethod() {
        return cgroups.memoryMethod();
    }

    @Override
    public void interrupt() {
        interruptRequested = true;
        Process p = current;
        if (p != null) {
            killTree(p);
        }
    }

    /** Kills {@code p} and every descendant, descendants first so none is re-parented and missed. */
    static void killTree(Process p) {
        p.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        return m.contains("error=2") ? "program not found" : m;
    }

    /** A commons-exec executor that hands over the process as soon as it is launched. */
    private static final class Launcher extends DefaultExecutor {
        private final Runnable beforeLaunch;
        private final java.util.function.Consumer<Process> onLaunch;

        @SuppressWarnings("deprecation")
        Launcher(Runnable beforeLaunch, java.util.function.Consumer<Process> onLaunch) {
            this.beforeLaunch = beforeLaunch;
            this.onLaunch = onLaunch;
        }

        @Override
        protected Process launch(CommandLine command, Map<String, String> env, File dir) throws IOException {
            beforeLaunch.run();
            Process p = super.launch(command, env, dir);
            onLaunch.accept(p);
            return p;
        }

        @Override
        protected Process launch(CommandLine command, Map<String, String> env, Path dir) throws IOException {
            return launch(command, env, dir == null ? null : dir.toFile());
        }
    }
}
