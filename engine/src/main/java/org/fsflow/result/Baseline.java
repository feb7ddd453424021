package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code environment.json}'s {@code baseline}: what the machine runs in and the disk under the run's loop
 * images, measured with fio before the first cell (absent from runs that predate it): written and read as these records.
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
     * What a disk is, as findmnt and sysfs say; null where they do not say. It is the identity a
     * measurement is cached under, and a device's entry in {@code campaign.devices} carries it too.
     *
     * @param backingSource what the directory or image is mounted from ({@code /dev/vda})
     * @param blockDevice   the kernel name of the disk
     * @param rotational    its rotational flag
     * @param model         its model, where sysfs has one
     * @param deviceBytes   its size
     * @param bus           virtio, NVMe, SCSI, ATA, USB, MMC, or a loop device over a file
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"backing_source", "block_device", "rotational", "model", "device_bytes", "bus"})
    public record Identity(
            String backingSource, String blockDevice, Boolean rotational, String model, Long deviceBytes, String bus) {

        /** A disk nothing could be learnt of. */
        public static final Identity UNKNOWN = new Identity(null, null, null, null, null, null);

        /** The same disk, mounted from {@code source}. */
        public Identity from(String source) {
            return new Identity(source, blockDevice, rotational, model, deviceBytes, bus);
        }
    }

    private static final Map<String, Function<Figures, Double>> FIGURE_OF = figureOf();

    private static Map<String, Function<Figures, Double>> figureOf() {
        Map<String, Function<Figures, Double>> m = new LinkedHashMap<>();
        m.put("seq_read_bytes_per_s", Figures::seqReadBytesPerS);
        m.put("seq_write_bytes_per_s", Figures::seqWriteBytesPerS);
        m.put("rand_read_iops", Figures::randReadIops);
        m.put("rand_read_iops_qd1", Figures::randReadIopsQd1);
        m.put("rand_write_iops", Figures::randWriteIops);
        m.put("rand_write_iops_qd1", Figures::randWriteIopsQd1);
        m.put("fsync_latency_s", Figures::fsyncLatencyS);
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The figures of a measured disk that condition a comparison, as environment.json names them. */
    public static final List<String> FIGURES = List.copyOf(FIGURE_OF.keySet());

    /**
     * What fio measured on a disk (direct I/O, a 256 MiB file or the block device) and how: a disk's
     * figures, and what the cache of the day's measurements holds for it.
     *
     * @param seqReadBytesPerS    1 MiB reads at depth 8
     * @param seqWriteBytesPerS   1 MiB writes at depth 8
     * @param randReadIops        4 KiB random reads at depth 32, per second
     * @param randReadIopsQd1     the same at depth 1
     * @param randWriteIops       4 KiB random writes at depth 32, per second
     * @param randWriteIopsQd1    the same at depth 1
     * @param fsyncLatencyS       mean latency of an fsync after a 4 KiB write
     * @param fsyncLatencyMedianS its median
     * @param seconds             how long the measurement took
     * @param fioVersion          fio's version
     * @param job                 the job file fio ran
     * @param measuredAt          when it was measured
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Figures(
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
            String measuredAt) {

        /** No figures. */
        public static final Figures NONE =
                new Figures(null, null, null, null, null, null, null, null, null, null, null, null);

        /** These figures, taken in {@code seconds} by fio {@code fioVersion} running {@code job}, now. */
        public Figures taken(double seconds, String fioVersion, String job) {
            return new Figures(
                    seqReadBytesPerS,
                    seqWriteBytesPerS,
                    randReadIops,
                    randReadIopsQd1,
                    randWriteIops,
                    randWriteIopsQd1,
                    fsyncLatencyS,
                    fsyncLatencyMedianS,
                    seconds,
                    fioVersion,
                    job,
                    Instant.now().toString());
        }

        /** The figures that condition a run, by their names in {@code environment.json} (null when not measured). */
        public Map<String, Double> conditioning() {
            Map<String, Double> out = new LinkedHashMap<>();
            FIGURE_OF.forEach((name, of) -> out.put(name, of.apply(this)));
            return out;
        }
    }

    /**
     * One disk: what it is and what fio measured on it; the figures are null when {@code skipped} says
     * why it was not measured. In the file its fields are flat, in this order.
     *
     * @param device                 the scenario's device ({@code block:}), or null for the work directory's disk
     * @param dir                    the directory written, on the disk (null for a block device)
     * @param identity               what the disk is
     * @param skipped                why it was not measured, or null
     * @param precondition           what brought a block device to steady state first, or null
     * @param measurement            what fio measured on it (every figure null when it was not measured)
     * @param reused                 true when taken from a measurement of the same disk less than a day old
     * @param rotationalContradicted what the measured latency says against the rotational flag, or null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Disk(
            String device,
            String dir,
            @JsonUnwrapped Identity identity,
            String skipped,
            Preconditioned precondition,
            @JsonUnwrapped Figures measurement,
            Boolean reused,
            String rotationalContradicted) {

        /** Normalizes an absent identity or measurement to one of nulls. */
        public Disk {
            identity = identity == null ? Identity.UNKNOWN : identity;
            measurement = measurement == null ? Figures.NONE : measurement;
        }

        /** The disk {@code id} of {@code device} (null: the work directory's) written in {@code dir}, not yet measured. */
        public static Disk of(String device, String dir, Identity id) {
            return new Disk(device, dir, id, null, null, Figures.NONE, null, null);
        }

        /** Its figures that condition a run, by their names in {@code environment.json}, in that order (null when not measured). */
        public Map<String, Double> figures() {
            return measurement.conditioning();
        }

        /** This disk, not measured for {@code why}. */
        public Disk skipping(String why) {
            return new Disk(device, dir, identity, why, precondition, measurement, reused, rotationalContradicted);
        }

        /** This disk, brought to steady state by {@code p} first. */
        public Disk preconditioned(Preconditioned p) {
            return new Disk(device, dir, identity, skipped, p, measurement, reused, rotationalContradicted);
        }

        /** This disk as {@code f} measured it (or the day's cache held it: {@code reused}), judged against its flag. */
        public Disk measured(Figures f, boolean reused, String contradicted) {
            return new Disk(device, dir, identity, skipped, precondition, f, reused, contradicted);
        }
    }

    /**
     * What preconditioned a block device ({@code precondition:}): two fills, then rounds of 4 KiB
     * random writes until SNIA's steady-state rule held, or the rounds ran out.
     *
     * @param fillBytesPerS   the fills' rate
     * @param fills           sequential fills of the whole device (2)
     * @param fillSeconds     their time
     * @param roundSeconds    each round's time
     * @param roundIops       each round's IOPS, in order
     * @param steady          true when the rule held
     * @param steadyFromRound the first round of the steady window (1-based), or null
     * @param rule            the rule, in words
     * @param seconds         the whole preconditioning's time
     */
    public record Preconditioned(
            Double fillBytesPerS,
            Integer fills,
            Double fillSeconds,
            Long roundSeconds,
            List<Double> roundIops,
            Boolean steady,
            Integer steadyFromRound,
            String rule,
            Double seconds) {}
}
