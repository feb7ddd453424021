package org.fsflow.doctor;

import java.util.List;
import org.fsflow.result.Baseline;

/**
 * The speeds of the disk under the work directory as a run measured them ({@link DeviceBaseline}),
 * for a first, rough duration before any run of the scenario: the least time a step that moves a
 * known size takes at them. Sequential transfers go at the 1 MiB figures; random ones at the 4 KiB
 * figures of queue depth 1 (of depth 32 for a job that keeps more than one in flight), each write with
 * an fsync adding the fsync latency. What the filesystem
 * adds (metadata, journal, small files) is not counted: the figure is a floor.
 *
 * @param seqReadBps   sequential read, bytes per second
 * @param seqWriteBps  sequential write, bytes per second
 * @param randReadIops 4 KiB random reads per second, queue depth 1
 * @param randWriteIops 4 KiB random writes per second, queue depth 1
 * @param randReadIopsDeep  4 KiB random reads per second, queue depth 32
 * @param randWriteIopsDeep 4 KiB random writes per second, queue depth 32
 * @param fsyncS       the mean latency of a 4 KiB write with its fsync, seconds
 * @param measuredAt   when the figures were measured (ISO-8601)
 */
public record DiskSpeeds(
        double seqReadBps,
        double seqWriteBps,
        double randReadIops,
        double randWriteIops,
        double randReadIopsDeep,
        double randWriteIopsDeep,
        double fsyncS,
        String measuredAt) {

    /** The speeds of a baseline's figures, or null when one of them is missing. */
    static DiskSpeeds of(Baseline.Figures f) {
        if (f == null) {
            return null;
        }
        List<Double> v = java.util.Arrays.asList(
                f.seqReadBytesPerS(),
                f.seqWriteBytesPerS(),
                f.randReadIopsQd1(),
                f.randWriteIopsQd1(),
                f.randReadIops(),
                f.randWriteIops(),
                f.fsyncLatencyS());
        if (v.stream().anyMatch(x -> x == null || !(x > 0))) {
            return null;
        }
        return new DiskSpeeds(
                v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5), v.get(6), String.valueOf(f.measuredAt()));
    }

    /** The least seconds fio's {@code t} takes at these speeds. */
    double seconds(FioJobs.Transfer t) {
        double ios = t.bytes() / (double) Math.max(1, t.blockBytes());
        double sync = t.fsync() && !t.read() ? ios * fsyncS : 0;
        if (t.random()) {
            double iops = t.depth() > 1
                    ? t.read() ? randReadIopsDeep : randWriteIopsDeep
                    : t.read() ? randReadIops : randWriteIops;
            return ios / iops + sync;
        }
        return t.bytes() / (t.read() ? seqReadBps : seqWriteBps) + sync;
    }

    /** The least seconds writing a copy of {@code bytes} takes at these speeds. */
    double copySeconds(long bytes) {
        return bytes / seqWriteBps;
    }
}
