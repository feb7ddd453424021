package org.fsflow.vm;

import java.util.List;
import java.util.Locale;
import org.fsflow.plan.Shell;

/**
 * A guest's job as data: what the guest agent ({@link GuestAgent}) reads to run a list of steps.
 * Line-oriented text, a header {@code fsflow-job 1}, then one {@code KEY VALUE} line per setting:
 * {@code cgroup2 ROOT} (the cgroup v2 root the agent mounts if needed, measures CPU in and applies
 * budgets under), {@code dir PATH} (a mount point, made, and unmounted between cell repetitions),
 * {@code mount DEV TYPE ro|rw PATH} (mounted before the steps: the datasets' source), {@code caches
 * FILE} (where {@code 3} drops the page cache, dentries and inodes: between two cell repetitions of
 * a reused guest the agent undoes the mounts, syncs, drops the caches and mounts again), then per step
 * {@code unit} where a cell repetition begins, {@code step N ID} and one line per field of the
 * step as the planner resolved it ({@code argv}, {@code before}, {@code after}, {@code drop_caches}, {@code release},
 * {@code timeout_s}, {@code on_error}, {@code memory_budget_bytes}, {@code flush},
 * {@code verify_source}, {@code verify_copy}; a field that does not apply is left out), and
 * {@code run}. Word lists (argument vectors, the mount) are POSIX sh words, one line each (a
 * newline inside a word is written {@code '"$NL"'}); every other value is the rest of its line.
 * A new step field is a new line here and a new case in the agent, nothing else.
 */
public final class GuestJob {

    /** The first line of every job: the format and its version. */
    public static final String HEADER = "fsflow-job 1";

    /** The cgroup v2 root of the guest. */
    static final String CGROUP_ROOT = "/sys/fs/cgroup";

    /** The guest kernel's switch that drops its page cache, dentries and inodes. */
    static final String DROP_CACHES = "/proc/sys/vm/drop_caches";

    private GuestJob() {}

    /** The job of {@code steps} in a guest with cgroup v2 at {@link #CGROUP_ROOT}. */
    public static String of(List<GuestMount> mounts, List<String> directories, List<GuestStep> steps) {
        return of(CGROUP_ROOT, DROP_CACHES, mounts, directories, steps);
    }

    /** The job of {@code steps}, with cgroup v2 at {@code cgroupRoot}, or none when it is null. */
    static String of(String cgroupRoot, List<GuestMount> mounts, List<String> directories, List<GuestStep> steps) {
        return of(cgroupRoot, null, mounts, directories, steps);
    }

    /** The job of {@code steps}, the caches dropped through {@code caches} between units (none when null). */
    static String of(
            String cgroupRoot,
            String caches,
            List<GuestMount> mounts,
            List<String> directories,
            List<GuestStep> steps) {
        StringBuilder s = new StringBuilder(HEADER).append('\n');
        if (cgroupRoot != null) {
            line(s, "cgroup2", cgroupRoot);
        }
        if (caches != null) {
            line(s, "caches", caches);
        }
        directories.forEach(d -> line(s, "dir", d));
        for (GuestMount m : mounts) {
            line(s, "mount", words(List.of(m.device(), m.type(), m.readOnly() ? "ro" : "rw", m.path())));
        }
        for (int i = 0; i < steps.size(); i++) {
            step(s, i, steps.get(i));
        }
        return s.toString();
    }

    private static void step(StringBuilder s, int n, GuestStep step) {
        if (step.firstOfUnit()) {
            s.append("unit\n");
        }
        line(s, "step", n + " " + step.id());
        line(s, "argv", words(step.argv()));
        if (step.before() != null) {
            line(s, "before", words(step.before()));
        }
        if (step.after() != null) {
            line(s, "after", words(step.after()));
        }
        if (step.dropCaches()) {
            line(s, "drop_caches", "1");
        }
        if (step.release() != null) {
            line(s, "release", words(step.release()));
        }
        if (step.timeoutSeconds() > 0) {
            line(s, "timeout_s", Long.toString(step.timeoutSeconds()));
        }
        line(s, "on_error", step.onError().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (step.memoryBytes() >= 0) {
            line(s, "memory_budget_bytes", Long.toString(step.memoryBytes()));
        }
        if (step.flushPath() != null) {
            line(s, "flush", step.flushPath());
        }
        if (step.verifies()) {
            line(s, "verify_source", step.verifyDataset());
            line(s, "verify_copy", step.verifyCopy());
        }
        s.append("run\n");
    }

    /** An argument vector as one line of sh words that {@code eval "set -- LINE"} gives back exactly. */
    static String words(List<String> argv) {
        StringBuilder out = new StringBuilder();
        for (String arg : argv) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(Shell.quote(arg).replace("\n", "'\"$NL\"'"));
        }
        return out.toString();
    }

    // a value that would end its line early, or lose its edges to the agent's read, is refused
    private static void line(StringBuilder s, String key, String value) {
        if (value.isEmpty() || value.indexOf('\n') >= 0 || !value.equals(value.strip())) {
            throw new VmException("cannot hand '" + key + "' to the guest: " + Shell.quote(value)
                    + " is empty, spans lines or has spaces at its ends");
        }
        s.append(key).append(' ').append(value).append('\n');
    }
}
