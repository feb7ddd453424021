package org.fsflow.result;

import java.util.List;
import java.util.Map;

/**
 * {@code environment.json}'s {@code baseline}: what the machine runs in and the disk under the run's loop
 * images, measured with fio before the first cell (absent from runs that predate it).
 *
 * @param virtualization {@code vm} and {@code container} as systemd-detect-virt names them ("none")
 * @param disks          each disk measured (the work directory's), or why not
 */
public record Baseline(Map<String, String> virtualization, List<Disk> disks) {

    /** Normalizes absent sections to empty ones. */
    public Baseline {
        virtualization = virtualization == null ? Map.of() : virtualization;
        disks = disks == null ? List.of() : disks;
    }

    /**
     * One disk: what it is and what fio measured on it (direct I/O, a 256 MiB file); the figures are null
     * when {@code skipped} says why it was not measured.
     *
     * @param device                 the scenario's device ({@code block:}), or null for the work directory's disk
     * @param dir                    the directory written, on the disk (null for a block device)
     * @param backingSource          what it is mounted from ({@code /dev/vda})
     * @param blockDevice            the block device's name
     * @param rotational             the device's rotational flag
     * @param deviceBytes            its size
     * @param model                  its model, where sysfs has one
     * @param bus                    virtio, NVMe, SCSI, ATA, USB, MMC, or a loop device over a file
     * @param skipped                why it was not measured, or null
     * @param seqReadBytesPerS       1 MiB reads at depth 8
     * @param seqWriteBytesPerS      1 MiB writes at depth 8
     * @param randReadIops           4 KiB random reads at depth 32, per second
     * @param randReadIopsQd1        the same at depth 1
     * @param randWriteIops          4 KiB random writes at depth 32, per second
     * @param randWriteIopsQd1       the same at depth 1
     * @param fsyncLatencyS          mean latency of an fsync after a 4 KiB write
     * @param fsyncLatencyMedianS    its median
     * @param seconds                how long the measurement took
     * @param fioVersion             fio's version
     * @param job                    the job file fio ran
     * @param measuredAt             when it was measured
     * @param reused                 true when taken from a measurement of the same disk less than a day old
     * @param rotationalContradicted what the measured latency says against the rotational flag, or null
     * @param precondition           what brought a block device to steady state first, or null
     */
    public record Disk(
            String device,
            String dir,
            String backingSource,
            String blockDevice,
            Boolean rotational,
            Long deviceBytes,
            String model,
            String bus,
            String skipped,
            Double seqReadBytesPerS,
            Double seqWriteBytesPerS,
            Double randReadIops,
            Double randReadIopsQd1,
            Double randWriteIops,
            Double randWriteIopsQd1,
            Double fsyncLatencyS,
            Double fsyncLatencyMedianS,
            Double seconds,
            String fioVersion,
            String job,
            String measuredAt,
            Boolean reused,
            String rotationalContradicted,
            Preconditioned precondition) {

        /** Its figures that condition a run, by their names in {@code environment.json}, in that order (null when not measured). */
        public Map<String, Double> figures() {
            Map<String, Double> out = new java.util.LinkedHashMap<>();
            out.put("seq_read_bytes_per_s", seqReadBytesPerS);
            out.put("seq_write_bytes_per_s", seqWriteBytesPerS);
            out.put("rand_read_iops", randReadIops);
            out.put("rand_read_iops_qd1", randReadIopsQd1);
            out.put("rand_write_iops", randWriteIops);
            out.put("rand_write_iops_qd1", randWriteIopsQd1);
            out.put("fsync_latency_s", fsyncLatencyS);
            return out;
        }
    }

    /**
     * What preconditioned a block device ({@code precondition:}): two fills, then rounds of 4 KiB
     * random writes until SNIA's steady-state rule held, or the rounds ran out.
     *
     * @param fills           sequential fills of the whole device (2)
     * @param fillBytesPerS   their rate
     * @param fillSeconds     their time
     * @param roundSeconds    each round's time
     * @param roundIops       each round's IOPS, in order
     * @param steady          true when the rule held
     * @param steadyFromRound the first round of the steady window (1-based), or null
     * @param rule            the rule, in words
     * @param seconds         the whole preconditioning's time
     */
    public record Preconditioned(
            Integer fills,
            Double fillBytesPerS,
            Double fillSeconds,
            Long roundSeconds,
            List<Double> roundIops,
            Boolean steady,
            Integer steadyFromRound,
            String rule,
            Double seconds) {}

    /** The figures of a measured disk that condition a comparison, as environment.json names them. */
    public static final List<String> FIGURES = List.of(
            "seq_read_bytes_per_s",
            "seq_write_bytes_per_s",
            "rand_read_iops",
            "rand_read_iops_qd1",
            "rand_write_iops",
            "rand_write_iops_qd1",
            "fsync_latency_s");
}
