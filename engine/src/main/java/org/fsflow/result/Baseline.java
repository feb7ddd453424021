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
     * @param dir                    the directory written, on the disk
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
     */
    public record Disk(
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
            String rotationalContradicted) {}
}
