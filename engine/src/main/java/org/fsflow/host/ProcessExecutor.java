package org.fsflow.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.fsflow.measure.ChildTotals;
import org.fsflow.measure.CpuCgroup;
import org.fsflow.measure.DiskStats;
import org.fsflow.measure.HostCpu;
import org.fsflow.measure.KernelCpu;
import org.fsflow.measure.KernelThreads;
import org.fsflow.measure.MemoryCgroup;
import org.fsflow.measure.OutsideCpu;
import org.fsflow.measure.RssSampler;
import org.fsflow.measure.StepCgroups;
import org.fsflow.measure.Usage;

/**
 * Runs a process and measures it like {@code /usr/bin/time}: real time on the monotonic clock
 * from the return of the fork/exec (under the VFORK launch mechanism the JVM resumes only once the
 * child has exec'd, so the JVM's own launch work stays outside the step), or, when the step enters
 * cgroups, from the moment its prelude is in them and is let go (see {@link CgroupGate}), to the
 * return of
 * {@code waitFor()} in the same thread (plus a timed
 * flush when the step asks for one); user and system time from the run's cgroup (exact, whole
 * tree) or else from the change in the JVM's child totals; faults from the child totals; max RSS
 * sampled over the process tree; device I/O from /proc/diskstats; the host's other CPU use from
 * /proc/stat, and its kernel threads' from one pass over /proc before and after ({@link KernelCpu}). The process writes its output straight into its log files (no pump threads compete
 * with a short step for the CPU); logs are capped once it has ended. A time limit or an interrupt
 * kills the whole tree (descendants first); a death by a signal fsflow did not send, or by the
 * step's memory budget (the cgroup's OOM kill count), is told apart ({@link StepEnd}). One process
 * at a time: the child totals would mix two concurrent processes.
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
    private volatile Process current;
    private volatile boolean interruptRequested;

    /**
     * An executor whose processes start in {@code workingDirectory}; with a {@code cgroup}, CPU
     * time is read from it (exact, whole tree), else from the JVM's child totals.
     */
    public ProcessExecutor(Path workingDirectory, CpuCgroup cgroup) {
        this.workingDirectory = workingDirectory;
        this.cgroup = cgroup;
        this.cgroups =
                new StepCgroups(cgroup, "fsflow-" + ProcessHandle.current().pid());
    }

    @Override
    public String cpuMethod() {
        return cgroup != null ? CpuCgroup.METHOD : Usage.CPU_METHOD;
    }

    @Override
    public Execution execute(List<String> argv, Path stdout, Path stderr, Duration timeout, List<String> ioDevices) {
        return execute(argv, stdout, stderr, timeout, ioDevices, StepConditions.NONE);
    }

    @Override
    public synchronized Execution execute(
            List<String> argv,
            Path stdout,
            Path stderr,
            Duration timeout,
            List<String> ioDevices,
            StepConditions conditions) {
        ProcessBuilder builder;
        Path gate;
        try {
            builder = builder(cgroups.enter(argv, conditions.memoryBytes()), stdout, stderr);
            gate = cgroups.lastProcs(conditions.memoryBytes());
            if (gate != null) {
                builder.redirectInput(ProcessBuilder.Redirect.PIPE);
            }
        } catch (MemoryCgroup.Unavailable e) {
            return notStarted("memory budget: " + e.getMessage());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot create logs " + stdout + ", " + stderr, e);
        }
        interruptRequested = false;
        Snapshot before = snapshot();
        long oomBefore = cgroups.oomKills(conditions.memoryBytes());
        StepObservation observation = StepObservation.begin(ioDevices, before.kernel(), before.disks());
        Waited w = launchAndWait(builder, argv, timeout, gate);
        long oomAfter = cgroups.oomKills(conditions.memoryBytes());
        String tail = Logs.capAndTail(stdout, stderr);
        long start = w.start();
        Instant wallBefore = w.wallStart();
        long end = w.end();
        int exitCode = w.exitCode();
        // a flush is part of the step: inside its real time, and its failure is the step's
        Flush flush = conditions.flushMount() != null && exitCode == 0 && !w.timedOut() && !interruptRequested
                ? Flush.of(conditions.flushMount(), timeout)
                : null;
        Double flushSeconds = flush == null ? null : flush.seconds();
        if (flush != null) {
            end += Math.round(flush.seconds() * 1e9);
            exitCode = flush.failure() == null ? exitCode : flush.exitCode();
            tail = flush.failure() == null ? tail : flush.failure();
        }
        Usage usage = usage(before, (end - start) / 1e9, w.maxRssKb(), ioDevices);
        double own = OutsideCpu.ownSecondsSince(before.self());
        Double others = HostCpu.read().othersSince(before.host(), usage.userSeconds() + usage.systemSeconds() + own);
        KernelCpu kernel = KernelCpu.between(before.kernel(), KernelThreads.read());
        return new Execution(
                exitCode,
                w.timedOut(),
                interruptRequested,
                w.startError(),
                usage,
                wallBefore,
                wallBefore.plusNanos(end - start),
                tail,
                flushSeconds,
                others,
                conditions.memoryBytes() >= 0 ? conditions.memoryBytes() : null,
                StepEnd.outsideSignal(w.exitCode(), w.timedOut() || interruptRequested),
                oomBefore < 0 || oomAfter < 0 ? null : oomAfter - oomBefore,
                before.kernel().threads().isEmpty() ? null : kernel,
                observation.finish());
    }

    /** How a launched process ran: its exit, when it began and ended (nanoTime), its peak memory. */
    private record Waited(
            int exitCode,
            Instant wallStart,
            long start,
            long end,
            boolean timedOut,
            String startError,
            long maxRssKb) {}

    // starts the process, arms its time limit and memory sampler, and waits for its exit
    private Waited launchAndWait(ProcessBuilder builder, List<String> argv, Duration timeout, Path gate) {
        boolean[] timedOut = {false};
        Instant wallStart = Instant.now();
        long start = System.nanoTime();
        long end;
        int exitCode;
        String startError = null;
        RssSampler sampler = null;
        ScheduledFuture<?> deadline = null;
        try {
            Process p = builder.start();
            current = p;
            // the child has exec'd by now (VFORK); with a prelude, it has also entered its cgroups
            // once the gate opens: the step's clock starts here
            if (gate != null) {
                CgroupGate.awaitEntered(p, gate);
            }
            start = System.nanoTime();
            wallStart = Instant.now();
            if (gate != null) {
                CgroupGate.open(p);
            }
            sampler = RssSampler.start(p.toHandle());
            if (timeout != null) {
                deadline = timer.schedule(
                        () -> {
                            timedOut[0] = true;
                            killTree(p);
                        },
                        timeout.toMillis(),
                        TimeUnit.MILLISECONDS);
            }
            exitCode = waitFor(p);
            end = System.nanoTime();
        } catch (IOException e) {
            end = System.nanoTime();
            exitCode = -1;
            startError = "cannot start '" + argv.get(0) + "': " + StepEnd.startFailure(e);
        } finally {
            if (deadline != null) {
                deadline.cancel(false);
            }
            if (sampler != null) {
                sampler.close();
            }
            current = null;
        }
        return new Waited(
                exitCode, wallStart, start, end, timedOut[0], startError, sampler == null ? 0 : sampler.maxKb());
    }

    /** The counters a step's usage is the change of, read just before it starts. */
    private record Snapshot(
            KernelThreads kernel, ChildTotals children, long[] cgroup, DiskStats disks, long self, HostCpu host) {}

    // the kernel threads first, the host's CPU last: the JVM's pass over /proc is not the step's noise
    private Snapshot snapshot() {
        return new Snapshot(
                KernelThreads.read(),
                ChildTotals.read(),
                cgroup != null ? cgroup.read() : null,
                DiskStats.read(),
                OutsideCpu.ownTicks(),
                HostCpu.read());
    }

    // CPU from the cgroup when it can be read (exact, whole tree), else from the JVM's child totals
    private Usage usage(Snapshot before, double realSeconds, long maxRssKb, List<String> ioDevices) {
        ChildTotals used = ChildTotals.read().minus(before.children());
        double userSeconds = used.userSeconds();
        double systemSeconds = used.systemSeconds();
        if (before.cgroup() != null) {
            long[] after = cgroup.read();
            if (after[0] >= 0 && before.cgroup()[0] >= 0) {
                userSeconds = (after[0] - before.cgroup()[0]) / 1e6;
                systemSeconds = (after[1] - before.cgroup()[1]) / 1e6;
            }
        }
        long[] io = DiskStats.read().since(before.disks(), ioDevices);
        return new Usage(
                realSeconds,
                userSeconds,
                systemSeconds,
                maxRssKb,
                used.minorFaults(),
                used.majorFaults(),
                io[0],
                io[1],
                io[2]);
    }

    // the process writes its output straight into the log files; stdin is /dev/null
    private ProcessBuilder builder(List<String> full, Path stdout, Path stderr) throws IOException {
        Files.createDirectories(stdout.toAbsolutePath().getParent());
        Files.createDirectories(stderr.toAbsolutePath().getParent());
        ProcessBuilder b = new ProcessBuilder(full)
                .directory(workingDirectory.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(stdout.toFile());
        if (stdout.toAbsolutePath().equals(stderr.toAbsolutePath())) {
            b.redirectErrorStream(true);
        } else {
            b.redirectError(stderr.toFile());
        }
        // stable, parseable tool output (dd, bonnie++, du) whatever the user's locale
        b.environment().put("LC_ALL", "C");
        return b;
    }

    private int waitFor(Process p) {
        while (true) {
            try {
                return p.waitFor();
            } catch (InterruptedException e) {
                // the step is ended by interrupt() killing it, never by abandoning it
                Thread.interrupted();
            }
        }
    }

    private static Execution notStarted(String why) {
        Instant now = Instant.now();
        return new Execution(-1, false, false, why, new Usage(0, 0, 0, 0, 0, 0, 0, 0, 0), now, now, "");
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
}
