package org.fsflow.run;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fsflow.device.Mounts;
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

    // how long a stopped service may take until its check fails
    private static final Duration STOP_LIMIT = Duration.ofSeconds(30);

    // a hung umount (a dead FUSE daemon) is given up after this, then tried lazily
    private static final Duration UNMOUNT_LIMIT = Duration.ofSeconds(20);
    private static final int UNMOUNT_TRIES = 10;

    // one try of a release command (a lifecycle's destroy, a service's stop): against a dead daemon
    // it may hang, and the rest of the teardown waits
    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(60);

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
                releaseOne(r, log);
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

    /** Releases what a dead run recorded in {@code stateFile}; returns how many resources it listed. */
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
        t.releaseAll();
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

    /** Releases one resource; idempotent (releasing what is already gone is fine). */
    static void releaseOne(Resource r, Consumer<String> log) {
        switch (r.kind()) {
            case "mount" -> unmount(Path.of(r.path()), log);
            case "loop" -> detach(r, log);
            case "image", "dir" -> {
                if (r.kind().equals("image")) {
                    detach(r, log);
                }
                try {
                    if (r.kind().equals("dir")) {
                        if (Files.isDirectory(Path.of(r.path())) && !Mounts.isMountPoint(Path.of(r.path()))) {
                            try (var s = Files.list(Path.of(r.path()))) {
                                if (s.findAny().isEmpty()) {
                                    Files.delete(Path.of(r.path()));
                                }
                            }
                        }
                    } else {
                        Files.deleteIfExists(Path.of(r.path()));
                    }
                } catch (IOException e) {
                    log.accept("cannot remove " + r.path() + ": " + e.getMessage());
                }
            }
            case "service" -> stopService(r, log);
            case "cgroup" -> removeCgroup(Path.of(r.path()), log);
            default -> retry(r.argv(), r.label(), log);
        }
    }

    // the services' cgroup, once its services are stopped (it is registered before them, so released
    // after them); a group whose last process is still exiting is busy for a moment
    private static void removeCgroup(Path dir, Consumer<String> log) {
        String problem = null;
        for (int attempt = 1; attempt <= 10; attempt++) {
            problem = org.fsflow.measure.ServiceCgroup.remove(dir);
            if (problem == null) {
                return;
            }
            sleep(100L * attempt);
        }
        log.accept(problem);
    }

    // stop a service fsflow started, and wait until its check fails (the daemon is really gone)
    private static void stopService(Resource r, Consumer<String> log) {
        if (!Commands.run(r.check(), Duration.ofSeconds(30)).ok()) {
            // a daemon that died (or was killed) is nothing to stop; say so, the teardown goes on
            log.accept(r.label() + " no longer runs (its check '" + byHand(r.check())
                    + "' fails): nothing to stop, its stop command is not run");
            return;
        }
        retry(r.argv(), r.label(), log);
        if (!Poll.until(() -> !Services.passes(r.check()), STOP_LIMIT, Services.POLL)) {
            log.accept(r.label() + " still runs " + STOP_LIMIT.toSeconds() + " s after it was asked to stop");
        }
    }

    /**
     * Unmounts {@code mountPoint} if mounted, retrying while it is busy; every try has a time limit
     * (a dead FUSE daemon makes umount hang), and after the last one the mount is detached lazily
     * ({@code umount -l}: gone from the tree now, released when its last user ends), which is reported.
     */
    static void unmount(Path mountPoint, Consumer<String> log) {
        Commands.Result r = null;
        for (int attempt = 1; attempt <= UNMOUNT_TRIES && Mounts.isMountPoint(mountPoint); attempt++) {
            r = Commands.run(List.of("umount", mountPoint.toString()), UNMOUNT_LIMIT);
            if (!r.ok() && attempt < UNMOUNT_TRIES) {
                sleep(500L * attempt);
            }
        }
        if (r == null || !Mounts.isMountPoint(mountPoint)) {
            return;
        }
        Commands.Result lazy = Commands.run(List.of("umount", "-l", mountPoint.toString()), UNMOUNT_LIMIT);
        if (lazy.ok()) {
            log.accept("unmounted " + mountPoint + " lazily (umount -l) after " + UNMOUNT_TRIES + " tries failed: "
                    + r.message());
        } else {
            log.accept("cannot unmount " + mountPoint + ": " + r.message() + "; umount -l: " + lazy.message()
                    + ". Release it by hand: umount -l " + mountPoint);
        }
    }

    // detaches every loop device attached to the resource's image (and only those)
    private static void detach(Resource r, Consumer<String> log) {
        Commands.Result attached = Commands.run(
                "losetup",
                "--noheadings",
                "--output",
                "NAME",
                "--associated",
                r.image() != null ? r.image() : r.path());
        for (String dev : attached.out().strip().split("\\s+")) {
            if (dev.isEmpty()) {
                continue;
            }
            boolean done = false;
            for (int attempt = 1; attempt <= 10 && !done; attempt++) {
                done = Commands.run("losetup", "--detach", dev).ok();
                if (!done) {
                    sleep(300L * attempt);
                }
            }
            if (!done) {
                log.accept("cannot detach " + dev + ": detach it by hand (losetup -d " + dev + ")");
            }
        }
    }

    // a release command (zpool destroy) given up at its limit is not tried again: it would hang again
    private static void retry(List<String> argv, String label, Consumer<String> log) {
        Commands.Result last = null;
        for (int attempt = 1; attempt <= 5; attempt++) {
            last = Commands.run(argv, COMMAND_LIMIT);
            if (last.ok() || last.timedOut()) {
                break;
            }
            sleep(1000L * attempt);
        }
        if (!last.ok()) {
            log.accept("cannot release " + label + ": " + last.message() + ". Release it by hand: " + byHand(argv));
        }
    }

    // the command as a user types it again (sh -c 'X' is X)
    static String byHand(List<String> argv) {
        return argv.size() == 3 && argv.get(0).equals("sh") && argv.get(1).equals("-c")
                ? argv.get(2)
                : String.join(" ", argv);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
