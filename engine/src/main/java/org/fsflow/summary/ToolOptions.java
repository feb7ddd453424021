package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The options that reached each tool, read from the commands as run (never from the scenario's
 * prose): bonnie++'s sizes ({@code -s -r -n -x} and flags), dd's {@code bs= count=} and flags,
 * mkfs's options, mount's {@code -t -o}, cp's, tar's and rsync's options. Paths, devices and
 * labels are left out, so cells that ran the same options share one line.
 */
final class ToolOptions {

    private static final Pattern SPLIT = Pattern.compile("\\s*(?:&&|\\|\\||;|\\|)\\s*");
    private static final Set<String> BONNIE_VALUES = Set.of("-s", "-r", "-n", "-x", "-c", "-z");
    private static final Set<String> BONNIE_FLAGS = Set.of("-f", "-b", "-D", "-B");
    private static final Pattern DD = Pattern.compile("(bs|ibs|obs|count|iflag|oflag|conv|skip|seek)=\\S+");

    private ToolOptions() {}

    /** Tool name to the distinct option lines it ran with, in the order first met. */
    static Map<String, List<String>> of(List<String> commands) {
        return of(commands, Map.of());
    }

    /**
     * The same, where {@code scalesOf} gives the {@code --scale}s each command ran at: when the run
     * has more than one and a tool's lines ran at different ones, each of its lines run at some of
     * them only ends with them ({@code -s 102 -r 51 -f (--scale 0.05)}), so the report shows the
     * sizes each place's cells ran with.
     */
    static Map<String, List<String>> of(List<String> commands, Map<String, Set<String>> scalesOf) {
        Map<String, Map<String, Set<String>>> out = new LinkedHashMap<>(); // tool -> line -> scales
        // each distinct command once, in the order first met: a campaign repeats its commands
        for (String command : new LinkedHashSet<>(commands)) {
            if (command == null) {
                continue;
            }
            for (String part : SPLIT.split(command.strip())) {
                List<String> words = List.of(part.strip().split("\\s+"));
                if (words.isEmpty() || words.get(0).isEmpty()) {
                    continue;
                }
                String tool = words.get(0).substring(words.get(0).lastIndexOf('/') + 1);
                String options = options(tool, words.subList(1, words.size()));
                if (options != null) {
                    out.computeIfAbsent(tool, k -> new LinkedHashMap<>())
                            .computeIfAbsent(options, k -> new java.util.TreeSet<>())
                            .addAll(scalesOf.getOrDefault(command, Set.of()));
                }
            }
        }
        Set<String> all = new java.util.TreeSet<>();
        scalesOf.values().forEach(all::addAll);
        Map<String, List<String>> lists = new LinkedHashMap<>();
        out.forEach((tool, lines) -> {
            // a tool whose lines all ran at the same scales needs none said (mkfs.jfs in the guest alone)
            boolean differ =
                    all.size() > 1 && lines.values().stream().distinct().count() > 1;
            List<String> shown = new ArrayList<>();
            lines.forEach((line, scales) -> shown.add(
                    !differ || scales.isEmpty() || scales.equals(all)
                            ? line
                            : line + " (--scale " + String.join(", ", scales) + ")"));
            lists.put(tool, shown);
        });
        return lists;
    }

    /** The options of {@code tool} among {@code args} ("" for none), or null for a tool not listed. */
    static String options(String tool, List<String> args) {
        List<String> kept = new ArrayList<>();
        if (tool.equals("bonnie++")) {
            for (int i = 0; i < args.size(); i++) {
                if (BONNIE_VALUES.contains(args.get(i)) && i + 1 < args.size()) {
                    kept.add(args.get(i) + " " + args.get(++i));
                } else if (BONNIE_FLAGS.contains(args.get(i))) {
                    kept.add(args.get(i));
                }
            }
        } else if (tool.equals("dd")) {
            args.stream().filter(a -> DD.matcher(a).matches()).forEach(kept::add);
        } else if (tool.startsWith("mkfs") || tool.equals("zpool") || tool.equals("zfs")) {
            args.stream().filter(a -> !a.startsWith("/")).forEach(kept::add);
        } else if (tool.equals("mount")) {
            for (int i = 0; i + 1 < args.size(); i++) {
                if (args.get(i).equals("-t") || args.get(i).equals("-o")) {
                    kept.add(args.get(i) + " " + args.get(++i));
                }
            }
        } else if (tool.equals("cp") || tool.equals("tar") || tool.equals("rsync")) {
            args.stream().filter(a -> a.startsWith("-")).forEach(kept::add);
        } else {
            return null;
        }
        return String.join(" ", kept);
    }
}
