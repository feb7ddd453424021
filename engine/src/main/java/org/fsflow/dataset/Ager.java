package org.fsflow.dataset;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.fsflow.scenario.Aging;

/**
 * Ages a mounted filesystem as {@code aging:} says: single-threaded, every choice drawn from one
 * SplitMix64 stream of the seed, every file's bytes from their own stream, so the same seed makes
 * the same sequence of operations anywhere. First a fill (creates until the live files take
 * {@code fullness} of the filesystem's size), then the churn: operations drawn by weight until
 * {@code rounds} times the size was written, the fullness held (a create or append that would pass
 * it deletes instead; a delete that would leave less than 90 % of it creates instead).
 *
 * <p>Every operation ends with an fsync of what it changed (the file, or its directory for a
 * delete and a rename): the delayed allocation happens then, and the journal commits then, so the
 * allocator sees the same state at each operation whatever the writeback and commit timers do.
 */
public final class Ager {

    private static final long CONTENT = 0x5EEDA9E5L;
    private static final int CHUNK = 1 << 20;
    private static final double LOW_WATER = 0.9;

    /**
     * What an aging did.
     *
     * @param operations    every operation done, by kind (the fill's creates included)
     * @param fillOperations the creates of the fill
     * @param writtenBytes  the bytes written (creates, appends, overwrites)
     * @param liveFiles     the files left
     * @param liveBytes     their bytes
     * @param capacityBytes the filesystem's size as statfs gave it before the aging
     * @param noSpace       operations refused with "no space left" (undone, a delete done next)
     */
    public record Result(
            Map<Aging.Op, Long> operations,
            long fillOperations,
            long writtenBytes,
            long liveFiles,
            long liveBytes,
            long capacityBytes,
            long noSpace) {}

    /** Thrown when {@code stop} turned true: the filesystem is half-aged and must not be measured. */
    public static final class Stopped extends Exception {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("aging interrupted");
        }
    }

    private record Live(String path, long size) {}

    private final Aging spec;
    private final Path root;
    private final long seed;
    private final SplitMix64 choices;
    private final List<Live> live = new ArrayList<>();
    private final Map<Aging.Op, Long> counts = new EnumMap<>(Aging.Op.class);
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(CHUNK);
    private final long[] words = new long[CHUNK / 8];
    private long liveBytes;
    private long written;
    private long opIndex;
    private long names;
    private long noSpace;
    private Settle settle = () -> {};

    private Ager(Aging spec, Path root, long seed) {
        this.spec = spec;
        this.root = root;
        this.seed = seed;
        this.choices = new SplitMix64(seed);
        for (Aging.Op op : Aging.Op.values()) {
            counts.put(op, 0L);
        }
    }

    /** Ages the filesystem mounted on {@code root}, {@code settle} run after every operation; {@code stop} ends it between operations. */
    public static Result age(Aging spec, Path root, long seed, Settle settle, BooleanSupplier stop)
            throws IOException, Stopped {
        Ager a = new Ager(spec, root, seed);
        a.settle = settle;
        return a.run(Files.getFileStore(root).getTotalSpace(), stop);
    }

    /** Ages the directory {@code root} as a filesystem of {@code capacity} bytes; {@code stop} ends it between operations. */
    public static Result age(Aging spec, Path root, long capacity, long seed, BooleanSupplier stop)
            throws IOException, Stopped {
        return new Ager(spec, root, seed).run(capacity, stop);
    }

    private Result run(long capacity, BooleanSupplier stop) throws IOException, Stopped {
        double target = spec.fullness() * capacity;
        for (int d = 1; d <= spec.dirs(); d++) {
            Files.createDirectory(root.resolve("d" + d));
        }
        fsync(root, false);
        while (liveBytes < target) {
            check(stop);
            create(DatasetShape.sizeOf(spec.size(), choices));
            settle.settle();
        }
        long fill = opIndex;
        long churnEnd = written + Math.round(spec.rounds() * capacity);
        while (written < churnEnd) {
            check(stop);
            Aging.Op op = draw();
            long size = DatasetShape.sizeOf(spec.size(), choices);
            if ((op == Aging.Op.CREATE || op == Aging.Op.APPEND) && liveBytes + size > target) {
                op = Aging.Op.DELETE;
            } else if (op != Aging.Op.CREATE
                    && (live.isEmpty() || op == Aging.Op.DELETE && liveBytes < LOW_WATER * target)) {
                op = Aging.Op.CREATE;
            }
            apply(op, size);
            settle.settle();
        }
        return new Result(Map.copyOf(counts), fill, written, live.size(), liveBytes, capacity, noSpace);
    }

    private static void check(BooleanSupplier stop) throws Stopped {
        if (stop.getAsBoolean()) {
            throw new Stopped();
        }
    }

    private Aging.Op draw() {
        double total =
                spec.mix().values().stream().mapToDouble(Double::doubleValue).sum();
        double x = choices.nextDouble() * total;
        for (Aging.Op op : Aging.Op.values()) {
            x -= spec.mix().getOrDefault(op, 0.0);
            if (x < 0) {
                return op;
            }
        }
        return Aging.Op.CREATE;
    }

    private void apply(Aging.Op op, long size) throws IOException {
        switch (op) {
            case CREATE -> create(size);
            case DELETE -> delete(pick());
            case APPEND -> append(pick(), size);
            case OVERWRITE -> overwrite(pick(), size);
            case RENAME -> rename(pick());
        }
    }

    private int pick() {
        return (int) Long.remainderUnsigned(choices.nextLong(), live.size());
    }

    private String newName(String prefix) {
        long dir = Long.remainderUnsigned(choices.nextLong(), spec.dirs()) + 1;
        return "d" + dir + "/" + prefix + (++names);
    }

    private void create(long size) throws IOException {
        String path = newName("f");
        Path p = root.resolve(path);
        counted(Aging.Op.CREATE);
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            write(ch, 0, size);
            ch.force(true);
        } catch (IOException e) {
            Files.deleteIfExists(p);
            full(e);
            return;
        }
        fsync(p.getParent(), false);
        live.add(new Live(path, size));
        liveBytes += size;
    }

    private void delete(int i) throws IOException {
        Live f = live.get(i);
        counted(Aging.Op.DELETE);
        Path p = root.resolve(f.path());
        Files.delete(p);
        fsync(p.getParent(), false);
        removeAt(i);
        liveBytes -= f.size();
    }

    private void append(int i, long size) throws IOException {
        Live f = live.get(i);
        counted(Aging.Op.APPEND);
        try (FileChannel ch = FileChannel.open(root.resolve(f.path()), StandardOpenOption.WRITE)) {
            try {
                write(ch, f.size(), size);
                ch.force(true);
            } catch (IOException e) {
                ch.truncate(f.size());
                ch.force(true);
                full(e);
                return;
            }
        }
        live.set(i, new Live(f.path(), f.size() + size));
        liveBytes += size;
    }

    private void overwrite(int i, long size) throws IOException {
        Live f = live.get(i);
        counted(Aging.Op.OVERWRITE);
        long length = Math.min(size, f.size());
        long offset = f.size() == length ? 0 : Long.remainderUnsigned(choices.nextLong(), f.size() - length + 1);
        try (FileChannel ch = FileChannel.open(root.resolve(f.path()), StandardOpenOption.WRITE)) {
            write(ch, offset, length);
            ch.force(true);
        } catch (IOException e) {
            full(e); // a copy-on-write filesystem may refuse an overwrite when full: the file keeps its size
        }
    }

    private void rename(int i) throws IOException {
        Live f = live.get(i);
        counted(Aging.Op.RENAME);
        String to = newName("r");
        Path from = root.resolve(f.path());
        Path target = root.resolve(to);
        Files.move(from, target);
        fsync(from.getParent(), false);
        fsync(target.getParent(), false);
        live.set(i, new Live(to, f.size()));
    }

    // the last live file takes the removed one's place: O(1), and the same order on every run
    private void removeAt(int i) {
        Live last = live.remove(live.size() - 1);
        if (i < live.size()) {
            live.set(i, last);
        }
    }

    private void counted(Aging.Op op) {
        counts.merge(op, 1L, Long::sum);
        opIndex++;
    }

    private void full(IOException e) throws IOException {
        String m = String.valueOf(e.getMessage());
        if (!m.contains("No space left")) {
            throw e;
        }
        noSpace++;
        if (!live.isEmpty()) {
            delete(pick());
        }
    }

    // the operation's own bytes: one SplitMix64 stream per operation, as datasets have one per file
    private void write(FileChannel ch, long offset, long size) throws IOException {
        SplitMix64 bytes = SplitMix64.forItem(seed ^ CONTENT, opIndex);
        long done = 0;
        while (done < size) {
            int n = (int) Math.min(CHUNK, size - done);
            int w = (n + 7) / 8;
            bytes.fill(words, 0, w);
            buffer.clear();
            buffer.asLongBuffer().put(words, 0, w);
            buffer.limit(n);
            while (buffer.hasRemaining()) {
                ch.write(buffer, offset + done + buffer.position());
            }
            done += n;
        }
        written += size;
    }

    private static void fsync(Path p, boolean data) throws IOException {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            ch.force(data);
        }
    }
}
