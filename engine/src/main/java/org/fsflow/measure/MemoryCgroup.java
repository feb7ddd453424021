package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A memory budget: a memory cgroup whose limit makes the page cache behave as on a machine with
 * that much RAM. Created beneath the cgroup fsflow itself runs in (as {@code /proc/self/cgroup}
 * names it), never by moving a process out of it: a cgroup v2 {@code memory.max} where the v2
 * hierarchy offers the memory controller to fsflow's cgroup's children, else a cgroup v1
 * {@code memory.limit_in_bytes}. Steps enter it through the same one-line shell prelude as the
 * CPU cgroup ({@link CpuCgroup#enter(List, List)}); the limit is set before each step, since a
 * budget may differ from cell to cell.
 */
public final class MemoryCgroup {

    /** Which interface limits memory. */
    public enum Kind {
        /** cgroup v2 {@code memory.max} */
        V2("cgroup2-memory.max", "memory.max", "memory.events"),
        /** cgroup v1 {@code memory.limit_in_bytes} */
        V1("cgroup1-memory.limit_in_bytes", "memory.limit_in_bytes", "memory.oom_control");

        private final String method;
        private final String limitFile;
        private final String eventsFile;

        Kind(String method, String limitFile, String eventsFile) {
            this.method = method;
            this.limitFile = limitFile;
            this.eventsFile = eventsFile;
        }

        /** The name recorded in results. */
        public String method() {
            return method;
        }
    }

    private final Path dir;
    private final Kind kind;

    MemoryCgroup(Path dir, Kind kind) {
        this.dir = dir;
        this.kind = kind;
    }

    /**
     * Creates the cgroup {@code name} beneath fsflow's own memory cgroup, or explains why it
     * cannot (thrown as {@link Unavailable}; a scenario with a budget then cannot run faithfully).
     */
    public static MemoryCgroup create(String name) throws Unavailable {
        return create(name, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
    }

    static MemoryCgroup create(String name, Path selfCgroup, Path mountRoot) throws Unavailable {
        List<String> lines;
        try {
            lines = Files.readAllLines(selfCgroup);
        } catch (IOException e) {
            throw new Unavailable("cannot read " + selfCgroup + ": " + e.getMessage());
        }
        Location where = locate(lines, mountRoot);
        if (where == null) {
            throw new Unavailable("no memory cgroup here: neither a cgroup v2 hierarchy with the memory "
                    + "controller nor a cgroup v1 memory hierarchy is mounted under " + mountRoot);
        }
        Path dir = where.own().resolve(name);
        try {
            if (where.kind() == Kind.V2) {
                enableMemory(where.own());
            }
            if (!Files.isDirectory(dir)) {
                Files.createDirectory(dir);
            }
        } catch (IOException e) {
            throw new Unavailable("cannot create the memory cgroup " + dir + ": " + e.getMessage()
                    + " (fsflow needs root and a writable cgroup)");
        }
        if (!Files.isRegularFile(dir.resolve(where.kind().limitFile))) {
            remove(dir);
            throw new Unavailable("the cgroup " + dir + " has no " + where.kind().limitFile);
        }
        return new MemoryCgroup(dir, where.kind());
    }

    /**
     * How a budget would be enforced here and beneath which cgroup (recorded in environment.json
     * before any cgroup is made), or null when no memory cgroup can be made.
     */
    public static String probe() {
        try {
            Location at = locate(Files.readAllLines(Path.of("/proc/self/cgroup")), Path.of("/sys/fs/cgroup"));
            return at == null ? null : at.kind().method() + " beneath " + at.own();
        } catch (IOException e) {
            return null;
        }
    }

    /** Where fsflow's own memory cgroup is, and of which kind. */
    record Location(Path own, Kind kind) {}

    /**
     * fsflow's own memory cgroup from the lines of {@code /proc/self/cgroup}: the v2 one
     * ({@code 0::/path}) when its hierarchy has the memory controller, else the v1 one
     * ({@code N:memory:/path}); null when there is neither.
     */
    static Location locate(List<String> selfCgroup, Path mountRoot) {
        String v1 = null;
        String v2 = null;
        for (String line : selfCgroup) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2 = f[2];
            } else if (List.of(f[1].split(",")).contains("memory")) {
                v1 = f[2];
            }
        }
        if (v2 != null) {
            for (Path root : List.of(mountRoot, mountRoot.resolve("unified"))) {
                Path own = root.resolve(relative(v2));
                if (controllers(root).contains("memory") && Files.isDirectory(own)) {
                    return new Location(own, Kind.V2);
                }
            }
        }
        if (v1 != null) {
            Path own = mountRoot.resolve("memory").resolve(relative(v1));
            if (Files.isRegularFile(own.resolve(Kind.V1.limitFile))) {
                return new Location(own, Kind.V1);
            }
        }
        return null;
    }

    private static String relative(String cgroupPath) {
        return cgroupPath.replaceFirst("^/+", "");
    }

    private static List<String> controllers(Path root) {
        try {
            return List.of(
                    Files.readString(root.resolve("cgroup.controllers")).trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    // a v2 child gets memory.max only when its parent delegates the controller
    private static void enableMemory(Path own) throws IOException {
        Path control = own.resolve("cgroup.subtree_control");
        if (!Files.readString(control).contains("memory")) {
            Files.writeString(control, "+memory");
        }
    }

    /** The cgroup's directory. */
    public Path dir() {
        return dir;
    }

    /** How the budget is enforced (recorded in results). */
    public String method() {
        return kind.method;
    }

    /** The file a step writes its pid to, to enter the cgroup. */
    public Path procs() {
        return dir.resolve("cgroup.procs");
    }

    /**
     * How many processes the kernel's OOM killer has killed in this cgroup since it was made (the
     * {@code oom_kill} line of v2 {@code memory.events} or v1 {@code memory.oom_control}), or -1
     * when the kernel does not count them.
     */
    public long oomKills() {
        try {
            return oomKills(Files.readAllLines(dir.resolve(kind.eventsFile)));
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * The failure reason of a step the kernel killed for going over its memory budget of
     * {@code bytes}, on the host and in a guest alike.
     */
    public static String outOfMemory(long bytes) {
        long mib = 1024L * 1024;
        String n = bytes % mib == 0
                ? Long.toString(bytes / mib)
                : String.format(java.util.Locale.ROOT, "%.1f", bytes / (double) mib);
        return "out of memory: the step used more than its budget of " + n + " MiB";
    }

    /** The {@code oom_kill} count of the lines of an events file, or -1 when it has none. */
    static long oomKills(List<String> events) {
        for (String line : events) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].equals("oom_kill")) {
                try {
                    return Long.parseLong(f[1]);
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * Sets the budget to {@code bytes}, or lifts it with a negative value. The cgroup holds no
     * process between steps; the page cache it still holds is emptied first when the new limit
     * would be below it (the unit's filesystems are unmounted by then, so this only drops clean
     * cache of filesystems that are gone).
     */
    public void limit(long bytes) throws IOException {
        String value = bytes < 0 ? (kind == Kind.V2 ? "max" : "-1") : Long.toString(bytes);
        try {
            Files.writeString(dir.resolve(kind.limitFile), value);
        } catch (IOException e) {
            if (kind == Kind.V1) {
                Files.writeString(dir.resolve("memory.force_empty"), "0");
            }
            Files.writeString(dir.resolve(kind.limitFile), value);
        }
    }

    /** The limit in force, in bytes (-1 when unlimited). */
    public long limit() {
        try {
            String v = Files.readString(dir.resolve(kind.limitFile)).trim();
            long bytes = v.equals("max") ? -1 : Long.parseLong(v);
            return bytes >= Long.MAX_VALUE / 2 ? -1 : bytes;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** Removes the cgroup (it must hold no process: every step has ended). */
    public void remove() {
        remove(dir);
    }

    private static void remove(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a process that escaped every kill still lives in it: CpuCgroups.removeStale retries later
        }
    }

    /** Why no memory cgroup can be made here. */
    public static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable(String message) {
            super(message);
        }
    }
}
