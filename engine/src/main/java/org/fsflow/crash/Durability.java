package org.fsflow.crash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a workload made durable, followed from the events its job prints while it runs: a file
 * whose content was made durable ({@code fsync} of it and of its directory), a name whose absence
 * was made durable (an unlink or a rename, then the directory's {@code fsync}), and at each mark
 * every file as last written. At each mark it yields the {@link Recovery.Expected} of that crash
 * point.
 *
 * <p>The lines, as the job prints them ({@code PATH} relative to the filesystem's root):
 * <pre>
 * @@CRASH durable SHA256 SIZE PATH
 * @@CRASH gone PATH
 * @@CRASH written SHA256 SIZE PATH
 * @@CRASH mark NAME
 * </pre>
 */
public final class Durability {

    /** The tag of the job's lines. */
    public static final String TAG = "@@CRASH ";

    private final Map<String, Tree.File> durable = new TreeMap<>();
    private final Map<String, Set<String>> older = new HashMap<>();
    private final Map<String, Tree.File> written = new TreeMap<>();
    private final Map<String, Recovery.Expected> marks = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    /** Takes one console line; lines without the tag are ignored. */
    public void line(String line) {
        int at = line.indexOf(TAG);
        if (at < 0) {
            return;
        }
        String[] f = line.substring(at + TAG.length()).strip().split(" ", 4);
        try {
            switch (f[0]) {
                case "durable" -> {
                    Tree.File now = file(f);
                    Tree.File before = durable.put(f[3], now);
                    if (before != null && !before.sha256().equals(now.sha256())) {
                        older.computeIfAbsent(f[3], k -> new HashSet<>()).add(before.sha256());
                    }
                }
                case "gone" -> {
                    String path = line.substring(at + TAG.length()).strip().substring("gone ".length());
                    Tree.File before = durable.remove(path);
                    if (before != null) {
                        older.computeIfAbsent(path, k -> new HashSet<>()).add(before.sha256());
                    }
                }
                case "written" -> written.put(f[3], file(f));
                case "mark" -> {
                    marks.put(f[1], new Recovery.Expected(new Tree(durable), copy(older), new Tree(written)));
                    written.clear();
                }
                default -> problems.add("an unknown crash event: " + line.strip());
            }
        } catch (RuntimeException e) {
            problems.add("a malformed crash event (" + e.getMessage() + "): " + line.strip());
        }
    }

    private static Tree.File file(String[] f) {
        if (f.length < 4 || !f[1].matches("[0-9a-f]{64}") || !f[2].matches("[0-9]+")) {
            throw new IllegalArgumentException("not 'SHA256 SIZE PATH'");
        }
        return new Tree.File(Long.parseLong(f[2]), f[1]);
    }

    private static Map<String, Set<String>> copy(Map<String, Set<String>> m) {
        Map<String, Set<String>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, Set.copyOf(v)));
        return out;
    }

    /** What each mark expects, in the order of the marks. */
    public Map<String, Recovery.Expected> marks() {
        return java.util.Collections.unmodifiableMap(marks);
    }

    /**
     * What a crash point between two marks can be held to: the files durable at the earlier mark
     * that the workload left as they were up to the later one (a file rewritten, renamed or removed
     * in between may hold either state, or a mix, and is not checked), each with every earlier
     * durable version known. Files written but not durable are not counted there: where between
     * the marks the point lies is not known of the workload's writes.
     */
    public static Recovery.Expected between(Recovery.Expected before, Recovery.Expected after) {
        Map<String, Tree.File> kept = new TreeMap<>();
        before.durable().files().forEach((path, f) -> {
            Tree.File later = after.written().files().get(path);
            if (later != null && later.sha256().equals(f.sha256())) {
                kept.put(path, f);
            }
        });
        Map<String, Set<String>> older = new TreeMap<>(before.older());
        Tree d = new Tree(kept);
        return new Recovery.Expected(d, older, d);
    }

    /** Lines that could not be read, each with the reason. */
    public List<String> problems() {
        return List.copyOf(problems);
    }
}
