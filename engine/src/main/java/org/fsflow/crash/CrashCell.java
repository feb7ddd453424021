package org.fsflow.crash;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.LongConsumer;
import org.fsflow.vm.Accel;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.VmException;

/**
 * One filesystem's crash recovery measured: the workload's writes logged in a guest, crash points
 * chosen (every mark, plus {@code points} barriers drawn from the seed), the log replayed on the host
 * to each point onto a fresh image, each image recovered in a guest of the same kernel, and each
 * point classified against what the workload had made durable before it.
 */
public final class CrashCell {

    /**
     * One cell.
     *
     * @param name        a name for its guests and images
     * @param kernel      the kernel (with dm-log-writes)
     * @param fsModules   the filesystem's modules
     * @param fsType      its type for mount
     * @param mkfs        mkfs, {@code $DEV} for the device
     * @param mountOptions options of the workload's mount, or empty
     * @param check       the check, {@code $DEV} for the device
     * @param repair      the repair
     * @param workload    the workload (see {@link GuestLog})
     * @param targetBytes the target's size
     * @param logBytes    the log's size
     * @param points      barriers to draw besides the marks
     * @param seed        the draw's seed
     * @param recoveredThere crash points recovered in the recording's own guest after it, from the
     *                    first (its idle disks: at most {@link GuestLog#RECOVERED_THERE}; each costs
     *                    its boot about 0.17 s under TCG), or 0: every point in guests of their own
     * @param work        where images go (removed as it goes)
     * @param cache       initramfs and accelerator cache
     */
    public record Request(
            String name,
            BootKernel kernel,
            List<String> fsModules,
            String fsType,
            String mkfs,
            String mountOptions,
            String check,
            String repair,
            String workload,
            long targetBytes,
            long logBytes,
            int points,
            long seed,
            int recoveredThere,
            Path work,
            Path cache) {}

    /**
     * One crash point.
     *
     * @param entry    the last log entry replayed
     * @param at       the mark's name, or {@code after MARK} for a drawn barrier
     * @param recovery its class and losses
     * @param outcome  how the recovery went, with its times
     */
    public record Point(int entry, String at, Recovery recovery, GuestRecovery.Outcome outcome) {}

    /**
     * The cell's outcome.
     *
     * @param recordSeconds the recording guest's wall time
     * @param entries       the log's entries
     * @param points        every crash point, in log order
     * @param log           the write log kept (gzip) because a point broke a promise, or null
     * @param accel         how the recording guest ran (its recoveries run the same way)
     */
    public record Result(double recordSeconds, int entries, List<Point> points, Path log, Accel accel) {}

    private CrashCell() {}

    /** Records, replays and recovers; images are removed as soon as their batch is recovered. */
    public static Result run(Request r, LongConsumer onStart) throws IOException {
        return run(r, onStart, null);
    }

    /**
     * As {@link #run(Request, LongConsumer)}; when a point is a violation and {@code keep} is not
     * null, the write log is kept there, gzip-compressed, cut after its last entry ({@link KeptLog}).
     */
    public static Result run(Request r, LongConsumer onStart, Path keep) throws IOException {
        return run(r, onStart, keep, CrashPhases.NONE);
    }

    /**
     * As {@link #run(Request, LongConsumer, Path)}, its unmeasured phases recorded in {@code
     * phases}. The first {@link GuestLog#RECOVERED_THERE} points are recovered in the recording's
     * own guest after the recording (one boot fewer a cell), the others in guests of their own.
     */
    public static Result run(Request r, LongConsumer onStart, Path keep, CrashPhases phases) throws IOException {
        GuestLog.Request recording = new GuestLog.Request(
                r.name() + "-log",
                r.kernel(),
                r.fsModules(),
                r.mkfs(),
                r.mountOptions(),
                r.workload(),
                r.targetBytes(),
                r.logBytes(),
                r.work(),
                r.cache(),
                Duration.ofMinutes(30));
        List<Path> idle = new ArrayList<>();
        for (int i = 0; i < Math.min(GuestLog.RECOVERED_THERE, r.recoveredThere()); i++) {
            idle.add(r.work().resolve(r.name() + ".point-slot-" + i + ".img"));
        }
        ReplayedPoints replayed = new ReplayedPoints(r, GuestLog.logImage(recording), idle);
        try {
            GuestLog.Then then =
                    idle.isEmpty() ? null : new GuestLog.Then(recovery(r, r.name() + "-log", idle), replayed);
            GuestLog.Recorded rec = GuestLog.record(recording, onStart, phases, then);
            if (rec.problem() != null) {
                throw new VmException(rec.problem());
            }
            Instant read = Instant.now();
            if (then == null) {
                replayed.images();
            }
            Batches batches = new Batches(r, replayed.log, rec.durability(), rec.accel(), onStart, phases);
            List<Integer> chosen = replayed.chosen;
            int there = rec.recovered().size();
            List<Point> out = new ArrayList<>(batches.points(chosen.subList(0, there), rec.recovered()));
            for (int from = there; from < chosen.size(); from += GuestRecovery.PER_GUEST) {
                List<Integer> batch = chosen.subList(from, Math.min(chosen.size(), from + GuestRecovery.PER_GUEST));
                out.addAll(batches.run(
                        replayed.replay, batch, from / GuestRecovery.PER_GUEST, from == 0 ? read : Instant.now()));
            }
            Path kept = keep != null
                            && out.stream()
                                    .anyMatch(p -> p.recovery().crashClass().violation())
                    ? KeptLog.keep(replayed.log, keep)
                    : null;
            return new Result(rec.wallSeconds(), replayed.log.entries().size(), out, kept, rec.accel());
        } finally {
            replayed.close();
            Files.deleteIfExists(GuestLog.targetImage(recording));
            Files.deleteIfExists(GuestLog.logImage(recording));
        }
    }

    // the recovery of images by the guest named name
    static GuestRecovery.Request recovery(Request r, String name, List<Path> images) {
        return new GuestRecovery.Request(
                name,
                r.kernel(),
                r.fsModules(),
                r.fsType(),
                r.check(),
                r.repair(),
                images,
                r.work(),
                r.cache(),
                Duration.ofMinutes(30));
    }

    // every mark from mkfs on, and the drawn barriers after it
    static List<Integer> choose(WriteLog log, Request r) {
        int mkfs = log.mark("mkfs");
        if (mkfs < 0) {
            throw new VmException("the log of " + r.name() + " has no mkfs mark: the recording did not run");
        }
        TreeSet<Integer> points = new TreeSet<>(CrashPoints.marks(log));
        CrashPoints.sampled(log, r.points(), r.seed()).stream()
                .filter(i -> i > mkfs)
                .forEach(points::add);
        return List.copyOf(points);
    }

    // a cell's batches of points: each replayed and copied (its images built), then recovered in a guest
    private record Batches(
            Request r, WriteLog log, Durability d, Accel accel, LongConsumer onStart, CrashPhases phases) {

        // each point of batch with the outcome of its recovery, classified
        List<Point> points(List<Integer> batch, List<GuestRecovery.Outcome> outcomes) {
            List<Point> out = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
                int p = batch.get(i);
                Expectation e = expected(log, d, p);
                GuestRecovery.Outcome o = outcomes.get(i);
                out.add(new Point(p, e.at(), Recovery.classify(e.expected(), o.checkOk(), o.mounted(), o.tree()), o));
            }
            return out;
        }

        List<Point> run(Replay replay, List<Integer> batch, int k, Instant start) throws IOException {
            List<Path> images = new ArrayList<>();
            try {
                for (int p : batch) {
                    replay.to(p);
                    Path image = r.work().resolve(r.name() + ".point-" + p + ".img");
                    copySparse(replayFile(r), image);
                    images.add(image);
                }
                phases.images(r.kernel(), accel, start);
                return points(
                        batch, GuestRecovery.recover(recovery(r, r.name() + "-recover-" + k, images), onStart, phases));
            } finally {
                for (Path image : images) {
                    Files.deleteIfExists(image);
                }
            }
        }
    }

    static Path replayFile(Request r) {
        return r.work().resolve(r.name() + ".replay.img");
    }

    private record Expectation(String at, Recovery.Expected expected) {}

    // at a mark, what it recorded; between marks, what the earlier one and the later one agree on
    private static Expectation expected(WriteLog log, Durability d, int point) {
        String before = null;
        String after = null;
        for (WriteLog.Entry e : log.entries()) {
            if (e.isMark() && d.marks().containsKey(e.mark())) {
                if (e.index() <= point) {
                    before = e.mark();
                } else if (after == null) {
                    after = e.mark();
                }
            }
        }
        Map<String, Recovery.Expected> m = d.marks();
        Recovery.Expected none = new Recovery.Expected(Tree.EMPTY, Map.of(), Tree.EMPTY);
        if (before != null
                && log.entries().get(point).isMark()
                && before.equals(log.entries().get(point).mark())) {
            return new Expectation(before, m.get(before));
        }
        Recovery.Expected earlier = before == null ? none : m.get(before);
        Recovery.Expected later = after == null ? earlier : m.get(after);
        String at = before == null ? "after mkfs" : "after " + before;
        return new Expectation(at, Durability.between(earlier, later));
    }

    // a copy that leaves holes where the source has whole zero sectors
    static void copySparse(Path from, Path to) throws IOException {
        byte[] zero = new byte[1 << 16];
        byte[] buf = new byte[1 << 16];
        try (RandomAccessFile in = new RandomAccessFile(from.toFile(), "r");
                RandomAccessFile out = new RandomAccessFile(to.toFile(), "rw")) {
            // in place: a guest may hold the file open as a disk; its reads are direct (cache=none),
            // and a direct read writes back the host's dirty pages of its range first
            out.setLength(0);
            out.setLength(in.length());
            long pos = 0;
            for (int n; (n = in.read(buf)) > 0; pos += n) {
                if (!java.util.Arrays.equals(buf, 0, n, zero, 0, n)) {
                    out.seek(pos);
                    out.write(buf, 0, n);
                }
            }
        }
    }
}
