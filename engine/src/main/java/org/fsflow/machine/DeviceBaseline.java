package org.fsflow.machine;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.device.Capabilities;
import org.fsflow.place.Commands;
import org.fsflow.result.Baseline;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;

/**
 * The disk under a run's loop images, measured with fio before the first cell: sequential read and write
 * of 1 MiB blocks, 4 KiB random reads and writes at queue depths 1 and 32 (direct I/O, so the page cache
 * is not what is measured), and the latency of a 4 KiB write with its fsync. A reader tells a laptop's
 * SATA disk from a hypervisor's cache by these figures, which the device's flags do not say.
 *
 * <p>Bounded: {@value #SECONDS_PER_JOB} seconds per job, seven jobs, on one file of 256 MiB in the work
 * directory, removed afterwards. A measurement of the same device (its source, model and size, the
 * filesystem it is read through, fio's version and the job) less than a day old is reused from
 * {@code /var/tmp/fsflow/baseline/}, and says so; runs that start together measure once (a file lock).
 */
public final class DeviceBaseline {

    /** The seconds each job runs; the system property {@code fsflow.baseline.seconds} sets another. */
    static final int SECONDS_PER_JOB = 4;

    static final long FILE_BYTES = 256L << 20;
    static final Duration REUSE = Duration.ofDays(1);
    // a spinning disk's head seeks a few hundred times a second at most; an SSD or a cache far more
    static final double SPINNING_IOPS = 400;
    // the fields a cached measurement holds: a cache of another format is measured again
    static final int FORMAT = 2;

    private DeviceBaseline() {}

    /** The job file: one job per figure, one after another ({@code stonewall}) on one file in {@code dir}. */
    static String jobFile(Path dir, int seconds) {
        return jobFile("directory=" + dir + "\nfilename=baseline.bin", FILE_BYTES, seconds);
    }

    /** The job file on {@code target} (fio's lines naming the file or device), its first {@code bytes}. */
    static String jobFile(String target, long bytes, int seconds) {
        StringBuilder b = new StringBuilder()
                .append("[global]\n")
                .append(target)
                .append("\nsize=")
                .append(bytes >> 20)
                .append("m\ndirect=1\nioengine=libaio\ntime_based=1\nruntime=")
                .append(seconds)
                .append("\nstonewall\n");
        job(b, "seq-write", "write", "1m", 8);
        job(b, "seq-read", "read", "1m", 8);
        job(b, "rand-read-qd1", "randread", "4k", 1);
        job(b, "rand-read-qd32", "randread", "4k", 32);
        job(b, "rand-write-qd1", "randwrite", "4k", 1);
        job(b, "rand-write-qd32", "randwrite", "4k", 32);
        b.append("\n[fsync]\nrw=write\nbs=4k\nioengine=sync\ndirect=0\nfsync=1\n");
        return b.toString();
    }

    private static void job(StringBuilder b, String name, String rw, String bs, int depth) {
        b.append("\n[").append(name).append("]\nrw=").append(rw).append("\nbs=").append(bs);
        b.append("\niodepth=").append(depth).append('\n');
    }

    /**
     * The baseline of {@code disk} (its backing source, block device, model, bus, rotational flag), the
     * disk that holds {@code dir}: its figures, or {@code skipped} with the reason.
     */
    public static Baseline.Disk of(Path dir, Baseline.Disk disk, Path cache, java.util.function.Consumer<String> say) {
        String skipped = skipped(dir);
        if (skipped != null) {
            return disk.skipping(skipped);
        }
        int seconds = Integer.getInteger("fsflow.baseline.seconds", SECONDS_PER_JOB);
        Path scratch = dir.resolve(".fsflow-baseline");
        String job = jobFile(scratch, seconds);
        String fio = fioVersion();
        String key = key(dir, disk.identity(), fio, job, scratch);
        try {
            Files.createDirectories(cache);
            try (FileChannel lock = FileChannel.open(
                            cache.resolve(key + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = lock.lock()) {
                Baseline.Figures reused = reused(cache.resolve(key + ".json"));
                if (reused == null) {
                    say.accept("baseline: measuring the disk under " + dir + " with fio (7 jobs of " + seconds
                            + " s, direct I/O; reused for a day; 'baseline: false' in the scenario skips it)");
                }
                Baseline.Figures figures = reused != null ? reused : measure(scratch, job, fio);
                if (reused == null) {
                    AtomicFile.writeString(cache.resolve(key + ".json"), Json.MAPPER.writeValueAsString(figures));
                }
                return disk.measured(
                        figures,
                        reused != null,
                        contradiction(disk.identity().rotational(), figures.randReadIopsQd1()));
            }
        } catch (IOException | RuntimeException e) {
            return disk.skipping("fio could not measure " + dir + ": " + e.getMessage());
        }
    }

    /**
     * The figures of the disk under {@code dir} (or under its nearest existing parent) as a run measured
     * them less than a day ago, from {@code cache}, without measuring; null when there is none.
     */
    public static Baseline.Figures cached(Path dir, Path cache) {
        Path at = dir.toAbsolutePath();
        while (at != null && !Files.isDirectory(at)) {
            at = at.getParent();
        }
        if (at == null || skipped(at) != null) {
            return null;
        }
        Path scratch = at.resolve(".fsflow-baseline");
        String job = jobFile(scratch, Integer.getInteger("fsflow.baseline.seconds", SECONDS_PER_JOB));
        try {
            return reused(cache.resolve(key(at, BackingDisk.of(at), fioVersion(), job, scratch) + ".json"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    // the disk, not the directory: every run's work directory on it shares one measurement
    private static String key(Path dir, Baseline.Identity disk, String fio, String job, Path scratch) {
        Map<?, ?> identity = new java.util.TreeMap<>(Json.MAPPER.convertValue(disk, Map.class));
        return digest(
                FORMAT + "|" + identity + "|" + fsType(dir) + "|" + fio + "|" + job.replace(scratch.toString(), ""));
    }

    private static String fioVersion() {
        return Commands.run(List.of("fio", "--version"), Duration.ofSeconds(10))
                .out()
                .strip();
    }

    // why the disk under dir is not measured, or null
    private static String skipped(Path dir) {
        if (Capabilities.which("fio") == null) {
            return "fio is not installed: apt-get install fio (or fsflow setup)";
        }
        String fs = fsType(dir);
        if (fs.equals("tmpfs") || fs.equals("ramfs")) {
            return "the work directory " + dir + " is on " + fs + ": memory, no disk to measure";
        }
        long free = dir.toFile().getUsableSpace();
        if (free < 2 * FILE_BYTES) {
            return "the work directory " + dir + " has " + (free >> 20) + " MiB free: the baseline needs "
                    + (2 * FILE_BYTES >> 20);
        }
        return null;
    }

    private static String fsType(Path dir) {
        return Commands.run(List.of("findmnt", "-n", "-o", "FSTYPE", "-T", dir.toString()), Duration.ofSeconds(5))
                .out()
                .strip();
    }

    // the cached measurement, when less than a day old
    private static Baseline.Figures reused(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Baseline.Figures f = Json.MAPPER.readValue(file.toFile(), Baseline.Figures.class);
        Instant at = Instant.parse(f.measuredAt() == null ? Instant.EPOCH.toString() : f.measuredAt());
        return Duration.between(at, Instant.now()).compareTo(REUSE) > 0 ? null : f;
    }

    static Baseline.Figures measure(Path scratch, String job, String fio) throws IOException {
        Files.createDirectories(scratch);
        Path jobFile = scratch.resolve("baseline.fio");
        Path json = scratch.resolve("baseline.json");
        try {
            Files.writeString(jobFile, job);
            long started = System.nanoTime();
            int seconds = Integer.getInteger("fsflow.baseline.seconds", SECONDS_PER_JOB);
            Commands.Result r = Commands.run(
                    List.of("fio", "--output-format=json", "--output=" + json, jobFile.toString()),
                    Duration.ofSeconds(8L * seconds * 7 + 120));
            if (!r.ok()) {
                throw new IOException("fio: " + r.message());
            }
            return parse(Files.readString(json)).taken(Math.round((System.nanoTime() - started) / 1e6) / 1e3, fio, job);
        } finally {
            for (Path p : List.of(scratch.resolve("baseline.bin"), jobFile, json)) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(scratch);
        }
    }

    /** The figures of fio's JSON output {@code text} (non-JSON lines may precede it) of {@link #jobFile}. */
    static Baseline.Figures parse(String text) throws IOException {
        int start = text.indexOf('{');
        if (start < 0) {
            throw new IOException("fio wrote no JSON");
        }
        Map<String, JsonNode> jobs = new LinkedHashMap<>();
        for (JsonNode j : Json.MAPPER.readTree(text.substring(start)).path("jobs")) {
            jobs.put(j.path("jobname").asText(), j);
        }
        JsonNode sync =
                jobs.containsKey("fsync") ? jobs.get("fsync").path("sync").path("lat_ns") : null;
        if (sync == null || sync.path("mean").isMissingNode()) {
            throw new IOException("fio's output has no fsync latency (job 'fsync')");
        }
        return new Baseline.Figures(
                figure(jobs, "seq-read", "read", "bw_bytes"),
                figure(jobs, "seq-write", "write", "bw_bytes"),
                figure(jobs, "rand-read-qd32", "read", "iops"),
                figure(jobs, "rand-read-qd1", "read", "iops"),
                figure(jobs, "rand-write-qd32", "write", "iops"),
                figure(jobs, "rand-write-qd1", "write", "iops"),
                sync.path("mean").asDouble() / 1e9,
                sync.path("percentile").path("50.000000").asDouble() / 1e9,
                null,
                null,
                null,
                null);
    }

    private static double figure(Map<String, JsonNode> jobs, String job, String dir, String field) throws IOException {
        JsonNode j = jobs.get(job);
        JsonNode v = j == null ? null : j.path(dir).path(field);
        if (v == null || !v.isNumber()) {
            throw new IOException("fio's output has no " + dir + " " + field + " for job '" + job + "'");
        }
        if (j.path("error").asInt() != 0) {
            throw new IOException("fio's job '" + job + "' failed with error "
                    + j.path("error").asInt());
        }
        return v.asDouble();
    }

    /**
     * What the measured latency says against the rotational flag, or null when they agree: a disk whose
     * flag says spinning but whose 4 KiB random reads at depth 1 ran faster than a head seeks is virtual
     * or cached; one whose flag says not rotational but ran as slow as a head is behind something slow.
     */
    static String contradiction(Boolean rotational, Double readIopsQd1) {
        if (rotational == null || readIopsQd1 == null) {
            return null;
        }
        long iops = Math.round(readIopsQd1);
        if (rotational && readIopsQd1 > SPINNING_IOPS) {
            return "its rotational flag says a spinning disk, but 4 KiB random reads at depth 1 ran at " + iops
                    + "/s, beyond a disk head's few hundred: a virtual or cached device";
        }
        if (!rotational && readIopsQd1 < SPINNING_IOPS / 2) {
            return "its rotational flag says no spinning disk, but 4 KiB random reads at depth 1 ran at only " + iops
                    + "/s, as slow as a disk head";
        }
        return null;
    }

    private static String digest(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
