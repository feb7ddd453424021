package org.fsflow.result;

import java.util.List;

/**
 * A step's time series: the host sampled about once a second while the step ran, each value the
 * mean over the interval that ends at {@code t_s} (seconds from the step's start), the dirty
 * figures at that instant. Bounded: a long step keeps at most a few hundred points, every second
 * one dropped (and the interval doubled) when the buffer fills, so the means stay exact.
 *
 * @param tS                 the end of each interval, seconds from the step's start
 * @param readBytesPerS      bytes per second read from the step's devices (/proc/diskstats)
 * @param writeBytesPerS     bytes per second written to them
 * @param userPct            user CPU of the whole machine (the host, or the guest in a guest's
 *                           row), percent of all its CPUs (/proc/stat)
 * @param systemPct          system CPU (system, irq, softirq)
 * @param iowaitPct          iowait
 * @param kernelThreadsPct   the CPU of the kernel threads (a subset of system); null where they
 *                           were not sampled (guests)
 * @param dirtyBytes         host-wide Dirty plus Writeback (/proc/meminfo)
 */
public record TimeSeries(
        List<Double> tS,
        List<Double> readBytesPerS,
        List<Double> writeBytesPerS,
        List<Double> userPct,
        List<Double> systemPct,
        List<Double> iowaitPct,
        List<Double> kernelThreadsPct,
        List<Long> dirtyBytes) {

    /** Points kept. */
    public int size() {
        return tS == null ? 0 : tS.size();
    }
}
