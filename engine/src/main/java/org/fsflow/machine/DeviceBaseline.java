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
     * The baseline of the disk holding {@code dir}, described by {@code disk} (its backing source, block
     * device, model, bus, rotational flag): the figures, or {@code skipped} with the reason.
     */
    public static Map<String, Object> of(
            Path dir, Map<String, Object> disk, Path cache, java.util.function.Consumer<String> say) {
        Map<String, Object> out = new LinkedHashMap<>(disk);
        String skipped = skipped(dir);
        if (skipped != null) {
            out.put("skipped", skipped);
            return out;
        }
        int seconds = Integer.getInteger("fsflow.baseline.seconds", SECONDS_PER_JOB);
        Path scratch = dir.resolve(".fsflow-baseline");
        String job = jobFile(scratch, seconds);
        String fio = fioVersion();
        String key = key(dir, disk, fio, job, scratch);
        try {
            Files.createDirectories(cache);
            try (FileChannel lock = FileChannel.open(
                            cache.resolve(key + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = lock.lock()) {
                Map<String, Object> reused = reused(cache.resolve(key + ".json"));
                if (reused == null) {
                    say.accept("baseline: measuring the disk under " + dir + " with fio (7 jobs of " + seconds
                            + " s, direct I/O; reused for a day; 'baseline: false' in the scenario skips it)");
                }
                Map<String, Object> figures = reused != null ? reused : measure(scratch, job, fio);
                if (reused == null) {
                    figures.put("measured_at", Instant.now().toString());
                    AtomicFile.writeString(cache.resolve(key + ".json"), Json.MAPPER.writeValueAsString(figures));
                }
                out.putAll(figures);
                out.put("reused", reused != null);
                Object qd1 = figures.get("rand_read_iops_qd1");
                out.put(
                        "rotational_contradicted",
                        contradiction(
                                (Boolean) disk.get("rotational"), qd1 instanceof Number n ? n.doubleValue() : null));
                return out;
            }
        } catch (IOException | RuntimeException e) {
            out.put("skipped", "fio could not measure " + dir + ": " + e.getMessage());
            return out;
        }
    }

    /**
     * The figures of the disk under {@code dir} (or under its nearest existing parent) as a run measured
     * them less than a day ago, from {@code cache}, without measuring; null when there is none.
     */
    public static Map<String, Object> cached(Path dir, Path cache) {
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
    private static String key(Path dir, Map<String, Object> disk, String fio, String job, Path scratch) {
        Map<String, Object> identity = new java.util.TreeMap<>(disk);
        identity.remove("dir");
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
    private static Map<String, Object> reused(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode n = Json.MAPPER.readTree(file.toFile());
        Instant at = Instant.parse(n.path("measured_at").asText(Instant.EPOCH.toString()));
        if (Duration.between(at, Instant.now()).compareTo(REUSE) > 0) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> m = Json.MAPPER.convertValue(n, LinkedHashMap.class);
        return m;
    }

    static Map<String, Object> measure(Path scratch, String job, String fio) throws IOException {
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
            Map<String, Object> m = parse(Files.readString(json));
            m.put("seconds", Math.round((System.nanoTime() - started) / 1e6) / 1e3);
            m.put("fio_version", fio);
            m.put("job", job);
            return m;
        } finally {
            for (Path p : List.of(scratch.resolve("baseline.bin"), jobFile, json)) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(scratch);
        }
    }

    /** The figures of fio's JSON output {@code text} (non-JSON lines may precede it) of {@link #jobFile}. */
    static Map<String, Object> parse(String text) throws IOException {
        int start = text.indexOf('{');
        if (start < 0) {
            throw new IOException("fio wrote no JSON");
        }
        Map<String, JsonNode> jobs = new LinkedHashMap<>();
        for (JsonNode j : Json.MAPPER.readTree(text.substring(start)).path("jobs")) {
            jobs.put(j.path("jobname").asText(), j);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seq_read_bytes_per_s", figure(jobs, "seq-read", "read", "bw_bytes"));
        m.put("seq_write_bytes_per_s", figure(jobs, "seq-write", "write", "bw_bytes"));
        m.put("rand_read_iops", figure(jobs, "rand-read-qd32", "read", "iops"));
        m.put("rand_read_iops_qd1", figure(jobs, "rand-read-qd1", "read", "iops"));
        m.put("rand_write_iops", figure(jobs, "rand-write-qd32", "write", "iops"));
        m.put("rand_write_iops_qd1", figure(jobs, "rand-write-qd1", "write", "iops"));
        JsonNode sync =
                jobs.containsKey("fsync") ? jobs.get("fsync").path("sync").path("lat_ns") : null;
        if (sync == null || sync.path("mean").isMissingNode()) {
            throw new IOException("fio's output has no fsync latency (job 'fsync')");
        }
        m.put("fsync_latency_s", sync.path("mean").asDouble() / 1e9);
        m.put(
                "fsync_latency_median_s",
                sync.path("percentile").path("50.000000").asDouble() / 1e9);
        return m;
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
