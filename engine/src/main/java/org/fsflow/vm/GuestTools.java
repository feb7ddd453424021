package org.fsflow.vm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The host programs a guest needs: those its steps call (the program of an argument vector, and
 * every word of a shell text that names a program on the host's PATH), plus the shell and the
 * measuring tools the guest agent ({@link GuestAgent}) uses (with coreutils' sync for a flush, diffutils for a verify). They are copied into the initramfs at their host paths, so
 * a step runs the very same cp, mkfs or bonnie++ in the guest as on the host.
 */
public final class GuestTools {

    /**
     * What every job runs: POSIX sh (dash, not busybox: PATH lookups as on the host), GNU time,
     * timeout, and GNU date (its {@code %N}: busybox's date has no nanoseconds).
     */
    static final List<String> BASE = List.of("sh", "dash", "time", "timeout", "date", "mount", "umount");

    private static final Set<String> SHELL_WORDS = Set.of(
            "if",
            "then",
            "else",
            "elif",
            "fi",
            "for",
            "while",
            "until",
            "do",
            "done",
            "case",
            "esac",
            "in",
            "function",
            "exec",
            "cd",
            "set",
            "export",
            "test");
    private static final List<String> SYSTEM_DIRS = List.of("/usr/", "/bin/", "/sbin/");

    private GuestTools() {}

    /** The host paths of the programs {@code steps} need. */
    public static List<Path> of(List<GuestStep> steps) {
        Set<Path> tools = new LinkedHashSet<>();
        BASE.forEach(t -> add(tools, t));
        for (GuestStep s : steps) {
            if (s.flushPath() != null) {
                add(tools, "sync"); // coreutils: sync -f (syncfs), as on the host
            }
            if (s.verifies()) {
                add(tools, "diff");
                add(tools, "cmp");
                add(tools, "comm"); // not an applet of every busybox
            }
            for (List<String> argv :
                    new ArrayList<>(java.util.Arrays.asList(s.argv(), s.before(), s.after(), s.release()))) {
                if (argv == null || argv.isEmpty()) {
                    continue;
                }
                add(tools, argv.get(0));
                if (argv.size() >= 3 && argv.get(0).equals("sh") && argv.get(1).equals("-c")) {
                    for (String word : argv.get(2).split("[\\s;|&()<>`$\"'{}=]+")) {
                        add(tools, word);
                    }
                }
            }
        }
        return List.copyOf(tools);
    }

    private static void add(Set<Path> tools, String word) {
        if (word.isEmpty() || word.startsWith("-") || SHELL_WORDS.contains(word)) {
            return;
        }
        Path p = word.contains("/") ? Path.of(word) : which(word);
        if (p != null
                && Files.isRegularFile(p)
                && Files.isExecutable(p)
                && SYSTEM_DIRS.stream().anyMatch(d -> p.toString().startsWith(d))) {
            tools.add(p);
        }
    }

    /** The host path of {@code program} on PATH and the sbin directories, or null. */
    public static Path which(String program) {
        if (!program.matches("[A-Za-z0-9_.+-]+")) {
            return null;
        }
        List<String> dirs =
                new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"));
        for (String dir : dirs) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (!dir.isEmpty() && Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
