package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsflow.host.RunFailure;
import org.fsflow.plan.Shell;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;
import org.fsflow.safety.SafeDirectories;

/**
 * The command that started a run, recorded in its output directory before anything else of it
 * exists: {@code launch.json}, the words after {@code fsflow} and the directory they were given
 * in. The launcher writes it before the JVM starts (and {@code run} itself, first thing, when
 * started without the launcher), in one atomic replace. While a directory holds it but no
 * {@code run.json}, the run was stopped before it recorded its settings; {@code resume} then starts
 * it afresh with this command, from this directory.
 *
 * @param cwd  the directory the command was given in (relative paths in it are taken from there)
 * @param argv the words after {@code fsflow}, as given: {@code run FILE --out DIR ...}
 */
public record LaunchRecord(Path cwd, List<String> argv) {

    /** The file name inside an output directory. */
    public static final String FILE = "launch.json";

    // the file's content: the directory as text, the words
    private record Stored(String cwd, List<String> argv) {}

    /** The record as given; {@code argv} copied. */
    public LaunchRecord {
        argv = List.copyOf(argv);
    }

    /** True when the command is a {@code run} (its first word that is not an option), not a dry one. */
    public boolean isRun() {
        return argv.stream()
                        .filter(w -> !w.startsWith("-"))
                        .findFirst()
                        .orElse("")
                        .equals("run")
                && !argv.contains("--dry-run");
    }

    /** The command, quoted for a shell: {@code fsflow run 's.yaml' --out ...}. */
    public String command() {
        List<String> words = new ArrayList<>(List.of("fsflow"));
        argv.forEach(w -> words.add(Shell.quote(w)));
        return String.join(" ", words);
    }

    /**
     * Records this command in {@code out} (taken from {@link #cwd} when relative), unless the same
     * record is there already (the launcher wrote it: then it is forced to disk) or the directory holds the results of a run
     * (which {@code run} refuses). The directory is checked and created like the output directory
     * of a run ({@link SafeDirectories}, mode 0700). Returns the file, or empty when it did not write.
     */
    public Optional<Path> writeIn(Path out) {
        Path dir = cwd.resolve(out);
        Path file = dir.resolve(FILE);
        if (holdsResults(dir)) {
            return Optional.empty();
        }
        if (same(dir)) {
            force(file); // the launcher renamed it into place; now on disk too
            return Optional.empty();
        }
        try {
            SafeDirectories.create(dir, "the output directory", "Choose another with --out.");
            AtomicFile.writeString(
                    file,
                    Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(new Stored(cwd.toString(), argv))
                            + "\n");
        } catch (SafeDirectories.Refused e) {
            throw new RunFailure(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return Optional.of(file);
    }

    /**
     * The record in {@code dir}; empty when there is none. A damaged one (empty, not JSON, without
     * {@code cwd} or {@code argv}: written by hand, or by something else) is a {@link RunFailure}
     * naming it.
     */
    public static Optional<LaunchRecord> read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Stored json = Json.MAPPER.readValue(file.toFile(), Stored.class);
            if (json == null || json.cwd() == null || !json.cwd().startsWith("/") || json.argv() == null) {
                throw new IOException("it lacks 'cwd' (an absolute path) or 'argv' (a list of words)");
            }
            return Optional.of(new LaunchRecord(Path.of(json.cwd()), json.argv()));
        } catch (IOException e) {
            throw new RunFailure(
                    file + " is damaged (" + e.getMessage().lines().findFirst().orElse("")
                            + "), so the command that started the run is unknown: start it again with 'fsflow run FILE "
                            + "--out " + dir + "'");
        }
    }

    /** Removes the record from {@code dir}, and {@code dir} itself when nothing else is left in it. */
    public static void remove(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve(FILE));
            try (var left = Files.list(dir)) {
                if (left.findAny().isEmpty()) {
                    Files.deleteIfExists(dir);
                }
            }
        } catch (IOException e) {
            // a directory that cannot be listed or removed is left as it is
        }
    }

    private static void force(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ch.force(true);
            AtomicFile.forceDirectory(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    // the same record is there (a damaged one is replaced)
    private boolean same(Path dir) {
        try {
            return read(dir).filter(this::equals).isPresent();
        } catch (RunFailure e) {
            return false;
        }
    }

    private static boolean holdsResults(Path dir) {
        Path journal = dir.resolve(Journal.FILE);
        try {
            return Files.isRegularFile(journal) && Files.size(journal) > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
