package org.fsflow.safety;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * An output directory written whole or not at all: every command that writes a directory (report,
 * compare, merge, history, import, index, and a run's report) checks it first ({@link Output}),
 * writes all its files into a new temporary directory beside it, and only once every file is
 * there renames them into place: a new directory by one rename of the whole, an existing one file
 * by file, its kind's marking file last ({@link OutputKind#files}). A render that fails, at any
 * file, leaves the previous files as they were; nothing is ever written through a link: the
 * temporary directory is fsflow's, and a rename replaces a link at the destination itself.
 *
 * <pre>
 * try (StagingWriter out = StagingWriter.open(dir, Output.COMPARISON, "Choose another --out.")) {
 *     written.add(write(out.dir().resolve("report.html"), ...));
 *     return out.commit(written);
 * }
 * </pre>
 */
public final class StagingWriter implements AutoCloseable {

    private final Path target;
    private final Path staging;
    private final Output output;
    private boolean committed;

    private StagingWriter(Path target, Path staging, Output output) {
        this.target = target;
        this.staging = staging;
        this.output = output;
    }

    /**
     * Checks {@code target} for {@code output} (refused with {@code fix} when it holds another's
     * files, or is a link) and opens a new temporary directory beside it.
     */
    public static StagingWriter open(Path target, Output output, String fix) {
        Path abs = target.toAbsolutePath().normalize();
        output.check(abs, fix);
        Path parent = abs.getParent();
        try {
            Files.createDirectories(parent);
            Path staging = parent.resolve("." + abs.getFileName() + ".fsflow-staging-"
                    + ProcessHandle.current().pid() + "-"
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
            Files.createDirectory(staging); // EEXIST, never a link followed, if anything is there
            return new StagingWriter(abs, staging, output);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory beside " + abs, e);
        }
    }

    /** Where the files go until {@link #commit}. */
    public Path dir() {
        return staging;
    }

    /** Where {@code staged}, a file under {@link #dir}, is once committed. */
    public Path published(Path staged) {
        return target.resolve(staging.relativize(staged.toAbsolutePath().normalize()));
    }

    /**
     * Moves every file written under {@link #dir} into the target and returns where {@code written}
     * (files under {@link #dir}) now are. Checked first, so that nothing moves when one cannot: a
     * destination that is a directory where a file was written (or the reverse) is refused.
     */
    public List<Path> commit(List<Path> written) {
        try {
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                AtomicFile.forceDirectory(staging);
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } else {
                output.check(target, "Choose another --out.");
                List<Path> files = staged();
                for (Path f : files) {
                    refuseInTheWay(f);
                }
                for (Path f : files) {
                    Path to = published(f);
                    Files.createDirectories(to.getParent());
                    Files.move(f, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                }
                AtomicFile.forceDirectory(target);
            }
            committed = true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the files written into " + target, e);
        }
        return written.stream().map(this::published).toList();
    }

    // the staged files, the marking files of the kind last
    private List<Path> staged() throws IOException {
        List<String> marks = output.own() == null ? List.of() : output.own().files();
        try (Stream<Path> all = Files.walk(staging)) {
            return all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted(Comparator.comparing(
                                    (Path p) -> marks.contains(p.getFileName().toString())
                                            && p.getParent().equals(staging))
                            .thenComparing(Comparator.naturalOrder()))
                    .toList();
        }
    }

    private void refuseInTheWay(Path staged) {
        Path to = published(staged);
        for (Path p = to; !p.equals(target); p = p.getParent()) {
            boolean last = p.equals(to);
            if (Files.isSymbolicLink(p) && !last) {
                throw new SafeDirectories.Refused("refusing to write " + to + ": " + p
                        + " is a symbolic link, which fsflow did not make and does not follow; nothing was "
                        + "changed. Remove the link, or choose another --out.");
            }
            if (last
                    ? Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                    : Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new SafeDirectories.Refused("cannot write " + to + ": " + p + " is "
                        + (last ? "a directory" : "not a directory") + "; nothing was changed, the previous "
                        + "files are as they were. Move " + p + " away and run the command again.");
            }
        }
    }

    /**
     * Replaces the single file {@code file} with {@code bytes} ({@link AtomicFile}), unless it is a
     * symbolic link, not a regular file, or one of the files of an output directory
     * ({@link OutputKind}, a report's): those are refused with {@code fix}, nothing changed.
     */
    public static void replaceFile(Path file, byte[] bytes, String fix) throws IOException {
        String name = file.getFileName().toString();
        String problem = Files.isSymbolicLink(file)
                ? "it is a symbolic link, which fsflow did not make and does not follow"
                : Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                        ? "it is not a regular file"
                        : Files.exists(file, LinkOption.NOFOLLOW_LINKS) && owned(name)
                                ? "it is one of the files of a run or a report (" + name + ")"
                                : null;
        if (problem != null) {
            throw new SafeDirectories.Refused(
                    "refusing to write " + file + ": " + problem + "; nothing was changed. " + fix);
        }
        AtomicFile.write(file, bytes);
    }

    /**
     * Writes the new file {@code file} with {@code bytes} whole or not at all ({@link
     * AtomicFile#create}); anything already there (a file, a directory, a link) is refused with
     * {@code fix}, nothing changed.
     */
    public static void createFile(Path file, byte[] bytes, String fix) throws IOException {
        String refusal = "refusing to write " + file + ": it exists, and fsflow never overwrites it; nothing was "
                + "changed. " + fix;
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new SafeDirectories.Refused(refusal);
        }
        try {
            AtomicFile.create(file, bytes);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new SafeDirectories.Refused(refusal);
        }
    }

    private static boolean owned(String name) {
        return OutputKind.REPORT.contains(name)
                || java.util.Arrays.stream(OutputKind.values())
                        .anyMatch(k -> k.files().contains(name));
    }

    /** Removes the temporary directory and whatever is left in it (all of it, unless committed). */
    @Override
    public void close() {
        if (!Files.exists(staging, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(staging)) {
            List<Path> paths = new ArrayList<>(all.toList());
            java.util.Collections.reverse(paths);
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + staging + (committed ? "" : ", written in vain"), e);
        }
    }
}
