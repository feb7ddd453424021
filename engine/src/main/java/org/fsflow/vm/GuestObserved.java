package org.fsflow.vm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.measure.KernelCpu;
import org.fsflow.measure.KernelThreads;
import org.fsflow.measure.StepMonitor;
import org.fsflow.place.StepOutcome;
import org.fsflow.result.TimeSeries;
import org.fsflow.result.Traffic;

/**
 * What the guest reported of a step beyond its times ({@link GuestAgent}): the agent's I/O
 * accounting before and after the command (its reaped children's with it, so the step's, within the
 * few KiB the agent's clock reads add), the dirty memory after it, and its kernel threads' CPU from
 * one pass over the guest's /proc before and after, read by the host's own rules
 * ({@link KernelThreads#parse}'s fields, {@link KernelCpu}).
 */
final class GuestObserved {

    // the time series' points, as measure/StepMonitor keeps them; every `every`-th sample once compacted
    private final List<long[]> points = new ArrayList<>();
    private int every = 1;
    private int samples;
    private long[] last; // the latest sample, kept or not: the step's end
    private long[] ioBefore;
    private long[] ioAfter;
    private Map<Long, KernelThreads.Thread> threadsBefore;
    private Map<Long, KernelThreads.Thread> threadsAfter;

    /** Takes one tagged line of kind {@code kind}; false when it is not one of these. */
    boolean line(String kind, String rest) {
        String[] f = rest.strip().split("\\s+");
        switch (kind) {
            case "io" -> {
                long[] v = numbers(f);
                if (f[0].equals("before")) {
                    ioBefore = v;
                } else {
                    ioAfter = v;
                }
            }
            case "sample" -> sample(f);
            case "kthreads" -> {
                Map<Long, KernelThreads.Thread> t = threads(f);
                if (f[0].equals("before")) {
                    threadsBefore = t;
                } else {
                    threadsAfter = t;
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** {@code r} with the step's bytes told apart and its kernel threads' CPU, where the guest gave both snapshots. */
    GuestResult apply(GuestResult r) {
        StepOutcome o = r.outcome();
        if (o.figures() == null) {
            return r;
        }
        if (ioBefore != null && ioAfter != null && ioBefore.length >= 5 && ioAfter.length >= 5) {
            long[] d = new long[5];
            for (int i = 0; i < 5; i++) {
                d[i] = Math.max(0, ioAfter[i] - ioBefore[i]);
            }
            Long dirty = ioAfter.length >= 7 ? ioAfter[5] * 1024 : null;
            Long writeback = ioAfter.length >= 7 ? ioAfter[6] * 1024 : null;
            Traffic t = new Traffic(d[0], d[1], d[2], d[3], d[4], dirty, writeback);
            o = o.withObserved(new StepOutcome.Observed(t, null, null));
        }
        if (last != null && !points.isEmpty() && points.get(points.size() - 1) != last) {
            points.add(last);
        }
        TimeSeries series = points.size() < 2 ? null : StepMonitor.series(points, false);
        if (series != null) {
            StepOutcome.Observed seen = o.around() == null ? null : o.around().observed();
            o = o.withObserved(
                    seen == null
                            ? new StepOutcome.Observed(null, series, null)
                            : new StepOutcome.Observed(seen.traffic(), series, seen.shared()));
        }
        KernelCpu kernel = threadsBefore == null || threadsAfter == null
                ? null
                : KernelCpu.between(new KernelThreads(threadsBefore), new KernelThreads(threadsAfter));
        return new GuestResult(r.index(), o, r.stdout(), r.stderr(), kernel);
    }

    /**
     * {@code g} with its kernel threads' CPU, the part of a step on a filesystem of class {@code fsClass}
     * on the guest's disks told apart as the host's runner tells it ({@link KernelCpu#attributed}).
     */
    static GuestResult attributed(GuestResult g, String fsClass) {
        if (g.kernel() == null || g.outcome().figures() == null) {
            return g;
        }
        java.util.List<String> disks = g.outcome().method() == null
                ? java.util.List.of()
                : g.outcome().method().devices();
        StepOutcome.Kernel k = new StepOutcome.Kernel(
                g.kernel().seconds(),
                g.kernel().attributed(fsClass, disks),
                g.kernel().byClass());
        return new GuestResult(g.index(), g.outcome().withKernel(k), g.stdout(), g.stderr(), g.kernel());
    }

    // "UPTIME USER NICE SYSTEM IDLE IOWAIT IRQ SOFTIRQ STEAL SECTORS_READ SECTORS_WRITTEN DIRTY_KIB WRITEBACK_KIB"
    private void sample(String[] f) {
        if (f.length < 13 || !f[0].matches("[0-9]+(\\.[0-9]+)?")) {
            return;
        }
        long[] v = new long[12];
        for (int i = 1; i < 13; i++) {
            if (!f[i].matches("[0-9]+")) {
                return;
            }
            v[i - 1] = Long.parseLong(f[i]);
        }
        // the first and last are the step's ends: always kept; between them, every `every`-th
        long all = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
        last = new long[] {
            Math.round(Double.parseDouble(f[0]) * 1e9),
            v[0] + v[1],
            v[2] + v[5] + v[6],
            v[4],
            all,
            0,
            v[8],
            v[9],
            v[10] * 1024,
            v[11] * 1024
        };
        if (!points.isEmpty() && ++samples % every != 0) {
            return;
        }
        points.add(last);
        if (StepMonitor.compact(points)) {
            every *= 2;
        }
    }

    // whole numbers after the phase; a field that is not one ends the list
    private static long[] numbers(String[] f) {
        long[] v = new long[f.length - 1];
        int n = 0;
        for (int i = 1; i < f.length && f[i].matches("[0-9]+"); i++) {
            v[n++] = Long.parseLong(f[i]);
        }
        return java.util.Arrays.copyOf(v, n);
    }

    // "PHASE PID START TICKS COMM ...": the kernel threads by PID
    static Map<Long, KernelThreads.Thread> threads(String[] f) {
        Map<Long, KernelThreads.Thread> out = new LinkedHashMap<>();
        for (int i = 1; i + 3 < f.length; i += 4) {
            if (f[i].matches("[0-9]+") && f[i + 1].matches("[0-9]+") && f[i + 2].matches("[0-9]+")) {
                long pid = Long.parseLong(f[i]);
                out.put(
                        pid,
                        new KernelThreads.Thread(pid, Long.parseLong(f[i + 1]), Long.parseLong(f[i + 2]), f[i + 3]));
            }
        }
        return out;
    }
}
