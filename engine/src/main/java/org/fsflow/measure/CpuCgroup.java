package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Exact CPU time of a step's whole process tree, daemonized descendants included, from a cgroup v2
 * {@code cpu.stat} (microseconds; always present in cgroup v2, even without the cpu controller).
 * One cgroup per run; each step enters it through a one-line shell prelude before it execs the
 * real command, so everything the command does is counted. Where no cgroup v2 hierarchy is
 * writable (not root, cgroup v1 only), {@link #create} returns null and fsflow falls back to the
 * JVM's child totals ({@link ChildTotals}), tick-resolution.
 */
public final class CpuCgroup {

    /** How CPU is measured with a cgroup. */
    public static final String METHOD = "cgroup2-cpu.stat";

    private static final List<Path> ROOTS = List.of(Path.of("/sys/fs/cgroup/unified"), Path.of("/sys/fs/cgroup"));

    private final Path dir;

    private CpuCgroup(Path dir) {
        this.dir = dir;
    }

    /** Creates the run's cgroup {@code name} under the first writable cgroup v2 hierarchy, or returns null. */
    public static CpuCgroup create(String name) {
        for (Path root : ROOTS) {
            if (!Files.isRegularFile(root.resolve("cgroup.procs")) || !Files.isRegularFile(root.resolve("cpu.stat"))) {
                continue;
            }
            Path dir = root.resolve(name);
            try {
                if (!Files.isDirectory(dir)) {
                    Files.createDirectory(dir);
                }
                if (Files.isRegularFile(dir.resolve("cpu.stat"))) {
                    return new CpuCgroup(dir);
                }
            } catch (IOException e) {
                // not writable here: try the next hierarchy
            }
        }
        return null;
    }

    /** The cgroup's directory (recorded for teardown). */
    public Path dir() {
        return dir;
    }

    /**
     * {@code argv} made to move itself into this cgroup first. A {@code sh -c TEXT} command gets
     * the move as its first line (one shell, as without a cgroup); any other command runs behind
     * a one-line shell that moves itself, then execs it.
     */
    public List<String> enter(List<String> argv) {
        return entering(List.of(procs()), argv);
    }

    /** The prelude's wait for the executor's go, then the step's input back to /dev/null. */
    public static final String GATE = "read -r fsflow_go; exec </dev/null\n";

    /** The file a step writes its pid to, to enter this cgroup. */
    public Path procs() {
        return dir.resolve("cgroup.procs");
    }

    /**
     * {@code argv} made to move itself into every cgroup of {@code procsFiles} (the CPU cgroup, a
     * memory budget's cgroup) before it runs, in one shell prelude: nothing it starts escapes them.
     * The prelude then waits for one line on its standard input, the executor's go, and runs the
     * command with /dev/null as input: the executor starts the step's clock once the moves are done,
     * since a move into a cgroup can wait for an RCU grace period (several milliseconds) that is
     * the kernel's bookkeeping, not the step's work.
     */
    public static List<String> entering(List<Path> procsFiles, List<String> argv) {
        if (procsFiles.isEmpty()) {
            return argv;
        }
        StringBuilder move = new StringBuilder();
        for (Path procs : procsFiles) {
            move.append("echo $$ > '").append(procs).append("' || exit 125\n");
        }
        move.append(GATE);
        if (argv.size() == 3 && argv.get(0).equals("sh") && argv.get(1).equals("-c")) {
            return List.of("sh", "-c", move + argv.get(2));
        }
        List<String> out = new ArrayList<>(List.of("sh", "-c", move + "exec \"$@\"", "fsflow-step"));
        out.addAll(argv);
        return out;
    }

    /** Microseconds of user and system time used so far: {user, system}. */
    public long[] read() {
        long user = 0;
        long system = 0;
        try {
            for (String line : Files.readAllLines(dir.resolve("cpu.stat"))) {
                String[] f = line.split(" ");
                if (f[0].equals("user_usec")) {
                    user = Long.parseLong(f[1]);
                } else if (f[0].equals("system_usec")) {
                    system = Long.parseLong(f[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
        return new long[] {user, system};
    }

    /** Removes the cgroup (it must be empty: every step has ended). */
    public void remove() {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a process that escaped every kill still lives in it; the kernel removes nothing by itself
        }
    }
}
