package org.fsflow.place;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;

/**
 * The registry of everything a run set up, released in reverse order on success, failure,
 * timeout, Ctrl-C and SIGTERM, and by {@code fsflow resume} after a kill -9. Each change is
 * written to {@code state.json} (atomically) before the resource is created.
 */
public final class Teardown {

    /** The file name inside an output directory. */
    public static final String FILE = "state.json";

    private final Path stateFile;
    private final List<Resource> resources = new ArrayList<>();
    private final Consumer<String> log;

    /** A registry persisted in {@code stateFile}; {@code log} receives one line per problem. */
    public Teardown(Path stateFile, Consumer<String> log) {
        this.stateFile = stateFile;
        this.log = log;
    }

    /** Records {@code r} (before it is created). */
    public synchronized void register(Resource r) {
        resources.add(r);
        save();
    }

    /** Forgets {@code r} (it was released by a step, such as umount). */
    public synchronized void forget(Resource r) {
        resources.remove(r);
        saveReleased();
    }

    /** Releases every resource of {@code scope}, newest first. */
    public synchronized void release(String scope) {
        for (int i = resources.size() - 1; i >= 0; i--) {
            Resource r = resources.get(i);
            if (r.scope().equals(scope)) {
                Releaser.releaseOne(r, log);
                resources.remove(i);
                saveReleased();
            }
        }
    }

    /** Releases everything, newest first. */
    public synchronized void releaseAll() {
        release(Resource.UNIT);
        release(Resource.CAMPAIGN);
        try {
            Files.deleteIfExists(stateFile);
        } catch (IOException e) {
            log.accept("cannot remove " + stateFile + ": " + e.getMessage());
        }
    }

    /**
     * Releases everything but the datasets' images ({@link Resource#datasetsImage}), newest first:
     * those are detached and stay listed in {@code state.json}, for {@code resume} to use again
     * (an interrupted run). Returns their paths; {@code state.json} is removed when there are none.
     */
    public synchronized List<String> releaseAllButDatasets() {
        release(Resource.UNIT);
        List<Resource> kept = new ArrayList<>();
        for (int i = resources.size() - 1; i >= 0; i--) {
            Resource r = resources.get(i);
            if (r.kind().equals(Resource.DATASETS_IMAGE)) {
                Releaser.detach(r, log);
                kept.add(0, r);
            } else {
                Releaser.releaseOne(r, log);
            }
            resources.remove(i);
            saveReleased();
        }
        if (kept.isEmpty()) {
            releaseAll();
            return List.of();
        }
        resources.addAll(kept);
        saveReleased();
        return kept.stream().map(Resource::path).toList();
    }

    /** The datasets' images an interrupted run kept, as {@code stateFile} lists them (none without it). */
    public static List<String> keptIn(Path stateFile) {
        try {
            List<Resource> left = Json.MAPPER.readValue(stateFile.toFile(), new TypeReference<List<Resource>>() {});
            return left.stream()
                    .filter(r -> r.kind().equals(Resource.DATASETS_IMAGE))
                    .map(Resource::path)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * Releases what a dead run recorded in {@code stateFile}, but for the datasets' images, which
     * are only detached (see {@link #releaseAllButDatasets}); returns how many resources it listed.
     */
    public static int releaseLeftovers(Path stateFile, Consumer<String> log) {
        if (!Files.exists(stateFile)) {
            return 0;
        }
        List<Resource> left;
        try {
            left = Json.MAPPER.readValue(stateFile.toFile(), new TypeReference<List<Resource>>() {});
        } catch (IOException e) {
            log.accept("cannot read " + stateFile + ": " + e.getMessage());
            return 0;
        }
        Teardown t = new Teardown(stateFile, log);
        t.resources.addAll(left);
        t.releaseAllButDatasets();
        return left.size();
    }

    /**
     * What {@code stateFile} still lists, newest first, one line each: what it is, then the command
     * that releases it by hand. Reads the file only (safe from a signal handler while a teardown runs).
     */
    public static List<String> leftIn(Path stateFile) {
        List<Resource> left;
        try {
            left = Json.MAPPER.readValue(stateFile.toFile(), new TypeReference<List<Resource>>() {});
        } catch (IOException e) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        for (int i = left.size() - 1; i >= 0; i--) {
            lines.add(left.get(i).label() + ": " + left.get(i).byHand());
        }
        return lines;
    }

    // after a release a stale state.json only lists more than is left, and releasing again is harmless:
    // a full disk must not stop the teardown
    private void saveReleased() {
        try {
            save();
        } catch (UncheckedIOException e) {
            log.accept(e.getMessage() + " (" + e.getCause().getMessage() + "): the teardown goes on");
        }
    }

    private void save() {
        try {
            Files.createDirectories(stateFile.toAbsolutePath().getParent());
            AtomicFile.write(
                    stateFile, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(resources));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + stateFile, e);
        }
    }
}
