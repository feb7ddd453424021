package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cgroup v2 group of a run's lifecycle services ({@code fsflow-PID-services}): the daemons a
 * filesystem needs (zfs-fuse, anything a scenario's {@code service: start:} launches) start inside
 * it, so that everything they and their forks use is counted in its {@code cpu.stat}, apart from
 * the steps' own CPU and from the rest of the host. A step's service CPU is the change of its
 * {@code usage_usec} over the step. Created when the first service starts; removed at teardown
 * (what still runs in it, a service left running, is moved to the parent group first).
 */
public final class ServiceCgroup {

    private static final List<Path> ROOTS = List.of(Path.of("/sys/fs/cgroup/unified"), Path.of("/sys/fs/cgroup"));

    private final Path dir;

    private ServiceCgroup(Path dir) {
        this.dir = dir;
    }

    /** The name of the services group of the run of process {@code pid}. */
    public static String name(long pid) {
        return "fsflow-" + pid + "-services";
    }

    /**
     * Where the group {@code name} is made: under the first cgroup v2 hierarchy fsflow can write,
     * or null where there is none (not root, cgroup v1 only).
     */
    public static Path location(String name) {
        for (Path root : ROOTS) {
            if (Files.isRegularFile(root.resolve("cgroup.procs"))
                    && Files.isRegularFile(root.resolve("cpu.stat"))
                    && Files.isWritable(root.resolve("cgroup.procs"))) {
                return root.resolve(name);
            }
        }
        return null;
    }

    /** Creates (or reuses) the group at {@code dir}; null when it cannot be made. */
    public static ServiceCgroup create(Path dir) {
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectory(dir);
            }
            return Files.isRegularFile(dir.resolve("cpu.stat")) ? new ServiceCgroup(dir) : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The group's directory. */
    public Path dir() {
        return dir;
    }

    /**
     * {@code argv} made to move itself into this group before it runs: a one-line shell that
     * writes its pid into {@code cgroup.procs}, then execs the command, so the daemon and every
     * process it forks are in the group from their first instruction.
     */
    public List<String> entering(List<String> argv) {
        List<String> out = new ArrayList<>(List.of(
                "sh",
                "-c",
                "echo $$ > '" + dir.resolve("cgroup.procs") + "' || exit 125\nexec \"$@\"",
                "fsflow-service"));
        out.addAll(argv);
        return out;
    }

    /** Microseconds of CPU (user + system) the group has used so far, or -1 when it cannot be read. */
    public long usageMicros() {
        return usageMicros(dir);
    }

    static long usageMicros(Path dir) {
        try {
            for (String line : Files.readAllLines(dir.resolve("cpu.stat"))) {
                if (line.startsWith("usage_usec ")) {
                    return Long.parseLong(line.substring(11).strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /**
     * Removes the group at {@code dir}: processes still in it (a service that has no stop command,
     * or that outlived it) are moved to the parent group first, since a group that holds a process
     * cannot be removed. Returns what went wrong, or null (also when it is already gone).
     */
    public static String remove(Path dir) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try {
            for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                if (!pid.isBlank()) {
                    try {
                        Files.writeString(dir.getParent().resolve("cgroup.procs"), pid.strip());
                    } catch (IOException e) {
                        // it ended meanwhile
                    }
                }
            }
            Files.deleteIfExists(dir);
            return null;
        } catch (IOException e) {
            return "cannot remove the cgroup " + dir + ": " + e.getMessage();
        }
    }
}
