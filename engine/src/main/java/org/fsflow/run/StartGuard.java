package org.fsflow.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * A run before it is resumable. Installed first thing in {@code run}: it catches SIGINT and
 * SIGTERM, remembers the files the run writes and whether the output and work directories
 * existed. Until {@link #commit} (the start's files written, the runner about to start; {@code
 * run.json} is the first of them), an interrupt makes {@link #check}
 * throw {@link NotStarted} and {@link #abandon} removes what the run wrote; after it, an interrupt
 * goes to the runner. {@link #close} puts the previous handlers back.
 */
final class StartGuard implements AutoCloseable {

    private final List<Path> dirsCreated = new ArrayList<>();
    private final List<Path> written = new ArrayList<>();
    private final Map<String, SignalHandler> previous = new LinkedHashMap<>();
    private final String again;
    private volatile boolean interrupted;
    private volatile Runnable forward;

    private StartGuard(List<Path> dirs, String again) {
        for (Path d : dirs) {
            for (Path p = d.toAbsolutePath().normalize(); p != null && !Files.exists(p); p = p.getParent()) {
                dirsCreated.add(p);
            }
        }
        // deepest first: a work directory inside the output directory goes before it
        dirsCreated.sort(Comparator.comparingInt(Path::getNameCount).reversed());
        this.again = again;
    }

    /** Guards a run that may create {@code dirs}; {@code again} says what is kept and how to start it again. */
    static StartGuard install(List<Path> dirs, String again) {
        StartGuard g = new StartGuard(dirs, again);
        for (String name : List.of("INT", "TERM")) {
            g.previous.put(name, Signal.handle(new Signal(name), sig -> g.interrupt()));
        }
        return g;
    }

    /** What a signal does: noted before the commit, passed on to the runner after it. */
    void interrupt() {
        interrupted = true;
        Runnable f = forward;
        if (f != null) {
            f.run();
        }
    }

    /** Throws {@link NotStarted} if an interrupt came; called between the start's stages. */
    void check() {
        if (interrupted && forward == null) {
            throw new NotStarted("interrupted before the run started: nothing was started and nothing was left "
                    + "behind " + again);
        }
    }

    /** Notes a file the run wrote, removed by {@link #abandon}. */
    void wrote(Path file) {
        written.add(file);
    }

    /** The run is resumable: from now on an interrupt runs {@code onInterrupt} (at once if one came). */
    void commit(Runnable onInterrupt) {
        forward = onInterrupt;
        if (interrupted) {
            onInterrupt.run();
        }
    }

    /** Removes what the run wrote before its commit, and the directories it created if empty. */
    void abandon() {
        if (forward != null) {
            return;
        }
        for (Path f : written) {
            deleteQuietly(f);
        }
        dirsCreated.forEach(StartGuard::deleteQuietly);
    }

    @Override
    public void close() {
        previous.forEach((name, handler) -> Signal.handle(new Signal(name), handler));
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a directory that is not empty holds something that is not ours: it stays
        }
    }
}
