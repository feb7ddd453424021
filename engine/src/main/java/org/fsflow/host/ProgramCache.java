package org.fsflow.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import org.fsflow.place.Commands;
import org.fsflow.place.Ldd;

/**
 * Reads a step's program and the shared libraries it loads into the page cache, unmeasured, just
 * before the step. After a cache drop ({@code drop_caches} empties the page cache of every file,
 * programs included) the timed process would load its program from this machine's disk, and how
 * long that takes depends on what the storage below still caches from the cells before: in
 * cds-2009 at full size, mkfs.xfs as the first xfs repetition after an ext3 cell waited 93 ms of its
 * 155 ms for its binary, its libraries and their inodes (off-CPU stacks, perf sched_switch), and
 * took 0.32-0.81 s in the run before, against 0.02-0.10 s in the later repetitions. A step measures
 * its work, not its program's load from disk. A file is read again only after a cache drop or
 * {@link #FRESH} later (other memory pressure may have evicted it): a loop of short steps does not
 * pay for reading libc each time.
 */
final class ProgramCache {

    private static final Duration LDD_TIMEOUT = Duration.ofSeconds(30);
    /** How long a file read is trusted to stay in the page cache when nothing dropped it. */
    static final Duration FRESH = Duration.ofSeconds(10);

    private final String path;
    private final LongSupplier nanos;
    // each program's files (itself, then its libraries), found once per run
    private final Map<String, List<Path>> files = new HashMap<>();
    // when each file was last read (nanos), and when the caches were last dropped
    private final Map<Path, Long> readAt = new HashMap<>();
    private long droppedAt = Long.MIN_VALUE;

    /** Programs looked up on {@code path} (a PATH value: directories separated by colons), timed by {@code nanos}. */
    ProgramCache(String path, LongSupplier nanos) {
        this.path = path == null ? "" : path;
        this.nanos = nanos;
    }

    /** Programs looked up on this process's PATH. */
    static ProgramCache ofThisProcess() {
        return new ProgramCache(System.getenv("PATH"), System::nanoTime);
    }

    /** The page cache was dropped just now: every file is read again before its next step. */
    void cachesDropped() {
        droppedAt = nanos.getAsLong();
    }

    /**
     * Reads the program {@code argv[0]} and its libraries into the page cache, those not read since
     * the last cache drop or within {@link #FRESH}; returns the files it read. A program it cannot
     * find, or a file it cannot read, is left to the step.
     */
    List<Path> warm(List<String> argv) {
        if (argv.isEmpty()) {
            return List.of();
        }
        Set<Path> all = new LinkedHashSet<>();
        for (String program : programs(argv)) {
            all.addAll(files.computeIfAbsent(program, this::filesOf));
        }
        List<Path> read = new ArrayList<>();
        long now = nanos.getAsLong();
        for (Path f : all) {
            Long last = readAt.get(f);
            if (last != null && last > droppedAt && now - last < FRESH.toNanos()) {
                continue;
            }
            try (InputStream in = Files.newInputStream(f)) {
                in.transferTo(OutputStream.nullOutputStream());
                read.add(f);
                readAt.put(f, now);
            } catch (IOException e) {
                // unreadable now: the step will say what is wrong with its program, if anything
            }
        }
        return read;
    }

    /**
     * The programs a command starts first: {@code argv[0]}, and for {@code sh -c TEXT} also the
     * first word of the text when it is a plain name or path ({@code cp -r a b}: cp).
     */
    static List<String> programs(List<String> argv) {
        if (argv.size() == 3 && argv.get(0).equals("sh") && argv.get(1).equals("-c")) {
            String first = argv.get(2).strip().split("\\s+", 2)[0];
            if (first.matches("[A-Za-z0-9_./+-]+")) {
                return List.of("sh", first);
            }
        }
        return List.of(argv.get(0));
    }

    // the program's file and the libraries ldd lists for it; none when it is not found
    private List<Path> filesOf(String program) {
        Optional<Path> exe = resolve(program, path);
        if (exe.isEmpty()) {
            return List.of();
        }
        Set<Path> out = new LinkedHashSet<>();
        out.add(exe.get());
        Commands.Result r = Commands.run(List.of("ldd", exe.get().toString()), LDD_TIMEOUT);
        if (r.ok()) {
            out.addAll(Ldd.libraries(r.out()));
        }
        return List.copyOf(out);
    }

    /** The executable file {@code program} names: a path as it is, else the first on {@code path}. */
    static Optional<Path> resolve(String program, String path) {
        if (program.isEmpty()) {
            return Optional.empty();
        }
        if (program.contains("/")) {
            Path p = Path.of(program);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        for (String dir : path.split(":", -1)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir).resolve(program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
