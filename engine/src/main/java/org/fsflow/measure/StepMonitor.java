package org.fsflow.measure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.fsflow.result.TimeSeries;

/**
 * Samples the host once a second while a step runs, as mmtests' monitors do beside a benchmark:
 * the step's devices' throughput (/proc/diskstats), the host's CPU by kind (/proc/stat) and that
 * of its kernel threads (one pass over /proc), and the dirty and under-writeback memory
 * (/proc/meminfo). It keeps the counters, not rates, so that dropping every second point when the
 * buffer is full (and sampling half as often from then on) leaves every interval's mean exact:
 * memory stays bounded however long the step. A step shorter than {@link #MIN_SECONDS} keeps no
 * series.
 */
public final class StepMonitor {

    /** Steps shorter than this keep no series. */
    public static final double MIN_SECONDS = 5.0;
    /** The most points kept. */
    static final int CAPACITY = 512;

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fsflow-step-monitor");
        t.setDaemon(true);
        return t;
    });

    // per point: nanoTime, user, system, iowait, all ticks, kernel threads' ticks, sectors read, written, dirty,
    // writeback
    private final List<long[]> points = new ArrayList<>();
    private final List<String> devices;
    private final ScheduledFuture<?> task;
    private KernelThreads lastThreads;
    private long kernelTicks;
    private int every = 1;
    private int ticks;
    private boolean closed;

    private StepMonitor(List<String> devices, KernelThreads threads, DiskStats disks) {
        this.devices = List.copyOf(devices);
        this.lastThreads = threads;
        synchronized (this) {
            points.add(point(disks));
        }
        this.task = TIMER.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    /**
     * Starts sampling, the step's devices being {@code devices} (names such as loop3), its kernel
     * threads and disks as {@code threads} and {@code disks} read them just now.
     */
    public static StepMonitor start(List<String> devices, KernelThreads threads, DiskStats disks) {
        return new StepMonitor(devices, threads, disks);
    }

    private synchronized void tick() {
        if (closed || ++ticks % every != 0) {
            return;
        }
        points.add(point(DiskStats.read()));
        if (compact(points)) {
            every *= 2;
        }
    }

    /** Drops every second point of a full buffer (the first and the last are kept); true when it did. */
    public static boolean compact(List<long[]> points) {
        if (points.size() < CAPACITY) {
            return false;
        }
        List<long[]> kept = new ArrayList<>();
        for (int i = 0; i < points.size(); i += 2) {
            kept.add(points.get(i));
        }
        if ((points.size() - 1) % 2 != 0) {
            kept.add(points.get(points.size() - 1));
        }
        points.clear();
        points.addAll(kept);
        return true;
    }

    private long[] point(DiskStats disks) {
        long now = System.nanoTime();
        long[] cpu = cpu();
        if (!points.isEmpty()) {
            KernelThreads threads = KernelThreads.read();
            kernelTicks += Math.round(KernelCpu.between(lastThreads, threads).seconds() * HostCpu.TICKS_PER_SECOND);
            lastThreads = threads;
        }
        long read = 0;
        long written = 0;
        for (String d : devices) {
            DiskStats.Counters c = disks.of(d);
            if (c != null) {
                read += c.sectorsRead();
                written += c.sectorsWritten();
            }
        }
        DirtyMemory dirty = DirtyMemory.read();
        return new long[] {
            now,
            cpu[0],
            cpu[1],
            cpu[2],
            cpu[3],
            kernelTicks,
            read,
            written,
            dirty == null ? -1 : dirty.dirtyBytes(),
            dirty == null ? -1 : dirty.writebackBytes()
        };
    }

    // user (with nice), system (with irq, softirq), iowait and all ticks of /proc/stat's first line
    private static long[] cpu() {
        byte[] b = new byte[256];
        try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/stat")) {
            int n = Math.max(0, in.read(b));
            String text = new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
            int end = text.indexOf('\n');
            return parseCpu(end < 0 ? text : text.substring(0, end));
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0, 0, 0};
        }
    }

    static long[] parseCpu(String line) {
        String[] f = line.trim().split("\\s+");
        long[] v = new long[f.length];
        long all = 0;
        // user nice system idle iowait irq softirq steal (guest is inside user)
        for (int i = 1; i < Math.min(f.length, 9); i++) {
            v[i] = Long.parseLong(f[i]);
            all += v[i];
        }
        return new long[] {v[1] + v[2], v[3] + v[6] + v[7], v[5], all};
    }

    /**
     * Stops sampling and returns the series: the last point taken now, or null when the step was
     * shorter than {@link #MIN_SECONDS}.
     */
    public TimeSeries stop() {
        task.cancel(false);
        synchronized (this) {
            closed = true;
            if ((System.nanoTime() - points.get(0)[0]) / 1e9 < MIN_SECONDS) {
                return null;
            }
            points.add(point(DiskStats.read()));
            return series(points);
        }
    }

    static TimeSeries series(List<long[]> points) {
        return series(points, true);
    }

    /**
     * The series of {@code points} (per point: nanoseconds, user, system, iowait and all ticks,
     * kernel threads' ticks, sectors read and written, dirty and writeback bytes, -1 where unread),
     * or null when they span less than {@link #MIN_SECONDS}; without {@code kernel}, the kernel
     * threads were not sampled and their series is null.
     */
    public static TimeSeries series(List<long[]> points, boolean kernel) {
        long[] first = points.get(0);
        long[] last = points.get(points.size() - 1);
        if ((last[0] - first[0]) / 1e9 < MIN_SECONDS || points.size() < 2) {
            return null;
        }
        List<Double> t = new ArrayList<>();
        List<Double> read = new ArrayList<>();
        List<Double> write = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> system = new ArrayList<>();
        List<Double> iowait = new ArrayList<>();
        List<Double> threads = new ArrayList<>();
        List<Long> dirty = new ArrayList<>();
        for (int i = 1; i < points.size(); i++) {
            long[] a = points.get(i - 1);
            long[] b = points.get(i);
            double dt = (b[0] - a[0]) / 1e9;
            if (dt <= 0) {
                continue;
            }
            double all = Math.max(1, b[4] - a[4]);
            t.add(round((b[0] - first[0]) / 1e9, 1000));
            read.add(round((b[6] - a[6]) * 512 / dt, 1));
            write.add(round((b[7] - a[7]) * 512 / dt, 1));
            user.add(round(100 * (b[1] - a[1]) / all, 100));
            system.add(round(100 * (b[2] - a[2]) / all, 100));
            iowait.add(round(100 * (b[3] - a[3]) / all, 100));
            threads.add(round(100 * Math.min(all, b[5] - a[5]) / all, 100));
            dirty.add(b[8] < 0 ? null : b[8] + b[9]);
        }
        return new TimeSeries(t, read, write, user, system, iowait, kernel ? threads : null, dirty);
    }

    private static double round(double v, double per) {
        return Math.round(v * per) / per;
    }
}
