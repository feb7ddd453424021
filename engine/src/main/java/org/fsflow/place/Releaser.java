package org.fsflow.place;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.fsflow.device.Mounts;

/**
 * Releases one resource of a {@link Teardown}: unmounts (retried, then lazily), detaches loop
 * devices, removes images and empty directories, stops services and removes their cgroup, runs a
 * lifecycle's release command; every command with a time limit. Idempotent: what is already gone
 * is fine.
 */
public final class Releaser {

    // how long a stopped service may take until its check fails
    // how often a stopping service's check is run, and how long it may take
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration CHECK_LIMIT = Duration.ofSeconds(30);

    private static final Duration STOP_LIMIT = Duration.ofSeconds(30);

    // a hung umount (a dead FUSE daemon) is given up after this, then tried lazily
    private static final Duration UNMOUNT_LIMIT = Duration.ofSeconds(20);
    private static final int UNMOUNT_TRIES = 10;

    // one try of a release command (a lifecycle's destroy, a service's stop): against a dead daemon
    // it may hang, and the rest of the teardown waits
    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(60);

    private Releaser() {}

    /** Releases one resource; idempotent (releasing what is already gone is fine). */
    static void releaseOne(Resource r, Consumer<String> log) {
        switch (r.kind()) {
            case "mount" -> unmount(Path.of(r.path()), log);
            case "loop" -> detach(r, log);
            case "image", Resource.DATASETS_IMAGE, "dir" -> {
                if (!r.kind().equals("dir")) {
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
                        Files.deleteIfExists(org.fsflow.device.ImageMark.of(Path.of(r.path())));
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
        if (!Poll.until(() -> !Commands.run(r.check(), CHECK_LIMIT).ok(), STOP_LIMIT, POLL)) {
            log.accept(r.label() + " still runs " + STOP_LIMIT.toSeconds() + " s after it was asked to stop");
        }
    }

    /**
     * Unmounts {@code mountPoint} if mounted, retrying while it is busy; every try has a time limit
     * (a dead FUSE daemon makes umount hang), and after the last one the mount is detached lazily
     * ({@code umount -l}: gone from the tree now, released when its last user ends), which is reported.
     */
    public static void unmount(Path mountPoint, Consumer<String> log) {
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
    static void detach(Resource r, Consumer<String> log) {
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
    public static String byHand(List<String> argv) {
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
