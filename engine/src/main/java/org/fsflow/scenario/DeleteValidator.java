package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.lang.Problems;

/**
 * Steps that remove files remove them only inside a filesystem fsflow itself mounted: every path a
 * removing command of a step's {@code run:}, {@code before:} or {@code after:} names ({@code rm},
 * {@code rmdir}, {@code unlink}, {@code shred}, {@code find ... -delete} or {@code -exec rm}) must
 * start with {@code ${D.mnt}} of a loop, block or tmpfs device {@code D} (whose mount point
 * fsflow checks is empty before it mounts there) and never climb out of it with {@code ..}. A
 * literal path, a relative one, a shell variable or another {@code ${...}} is refused at
 * validation: fsflow cannot tell what it names, and a reviewer should not have to.
 */
record DeleteValidator(Scenario s, Problems problems) {

    private static final Set<String> REMOVERS = Set.of("rm", "rmdir", "unlink", "shred");

    // a command starts at the beginning, after ; & | ( ) ` or a newline, or after $(
    private static final Pattern SEPARATOR = Pattern.compile("[;&|()`\\n]+|\\$\\(");

    // prefixes that run the command after them
    private static final Set<String> WRAPPERS = Set.of(
            "sudo", "nice", "ionice", "time", "command", "exec", "env", "nohup", "timeout", "xargs", "then", "do",
            "else", "if", "while", "until", "!", "{");

    private static final Pattern MOUNTED = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_-]*)\\.mnt}(/.*)?");

    void validate() {
        for (Step step : s.steps()) {
            for (Command c : new Command[] {step.run(), step.before(), step.after()}) {
                if (c != null) {
                    check(step, c);
                }
            }
        }
    }

    private void check(Step step, Command c) {
        List<List<String>> commands = new ArrayList<>();
        if (c.shell()) {
            for (String one : SEPARATOR.split(c.parts().get(0).expand(n -> null))) {
                commands.add(words(one));
            }
        } else {
            commands.add(c.parts().stream().map(t -> t.expand(n -> null)).toList());
        }
        for (List<String> words : commands) {
            for (String target : targets(words)) {
                String why = refusal(target);
                if (why != null) {
                    problems.error(
                            c.where(),
                            "step '" + step.name() + "' removes " + target + ": " + why + ". fsflow removes files "
                                    + "only inside a filesystem it mounted: name them as ${target.mnt}/...");
                }
            }
        }
    }

    /** The paths {@code words} (one simple command) removes; none when it removes nothing. */
    static List<String> targets(List<String> words) {
        int i = 0;
        boolean wrapped = false;
        while (i < words.size()) {
            String w = words.get(i);
            if (WRAPPERS.contains(w) || w.matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                wrapped = true;
            } else if (!(wrapped && (w.startsWith("-") || w.matches("[0-9][0-9.]*[smhd]?")))) {
                break;
            }
            i++;
        }
        if (i >= words.size()) {
            return List.of();
        }
        String program = words.get(i).substring(words.get(i).lastIndexOf('/') + 1);
        List<String> rest = words.subList(i + 1, words.size());
        if (REMOVERS.contains(program)) {
            return rest.stream().filter(w -> !w.startsWith("-") && !w.isEmpty()).toList();
        }
        boolean removes = program.equals("find")
                && (rest.contains("-delete")
                        || rest.stream().anyMatch(w -> w.equals("-exec") || w.equals("-execdir"))
                                && rest.stream().anyMatch(w -> REMOVERS.contains(w.substring(w.lastIndexOf('/') + 1))));
        if (!removes) {
            return List.of();
        }
        List<String> roots = new ArrayList<>();
        for (String w : rest) {
            if (w.startsWith("-") || w.equals("(") || w.equals("!") || w.equals("\\(")) {
                break;
            }
            roots.add(w);
        }
        return roots.isEmpty() ? List.of(".") : roots;
    }

    /** Why removing {@code target} is refused, or null when it is inside a filesystem fsflow mounted. */
    String refusal(String target) {
        Matcher m = MOUNTED.matcher(target);
        if (!m.matches()) {
            return "it is not inside the mount point of a device fsflow mounts";
        }
        Device d = s.devices().get(m.group(1));
        if (d == null || d instanceof Device.Dir) {
            return d == null
                    ? "there is no device '" + m.group(1) + "'"
                    : "device '" + d.name() + "' is a dir device: fsflow did not make what it holds";
        }
        String rest = m.group(2) == null ? "" : m.group(2);
        for (String part : rest.split("/")) {
            if (part.equals("..")) {
                return "'..' climbs out of the mount point";
            }
        }
        return null;
    }

    // the words of one simple command, quotes taken off (enough to see what it removes)
    private static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        boolean redirected = false;
        for (String w : command.trim().split("\\s+")) {
            String bare = w.replace("\"", "").replace("'", "");
            if (redirected || bare.isEmpty()) {
                redirected = false;
            } else if (bare.matches("\\d*[<>]+&?\\d*")) {
                redirected = true; // the file after > or < is not removed
            } else if (!bare.contains(">") && !bare.contains("<")) {
                out.add(bare);
            }
        }
        return out;
    }
}
