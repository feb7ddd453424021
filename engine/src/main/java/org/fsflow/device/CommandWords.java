package org.fsflow.device;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The programs a step's commands start: the first word of each simple command of a shell text (after
 * {@code ;}, {@code &&}, {@code ||}, {@code |}, {@code &}, an opening parenthesis, and {@code then},
 * {@code do} ...; past {@code VAR=value} assignments, {@code env}, {@code nice}, {@code sudo},
 * {@code time}, {@code exec}), or the first word of an argument list. Shell keywords and builtins start
 * nothing; a word holding {@code ${...}}, a quote or a path ({@code ./bench}, {@code /opt/x}: it may be
 * made by an earlier step) is not judged. For {@code fsflow doctor}: a program no step can find fails
 * every step that calls it, and fsflow's own table of packages ({@link Packages}) knows only some.
 */
public final class CommandWords {

    private static final Set<String> BUILTINS = Set.of(
            "cd",
            "echo",
            "printf",
            "test",
            "[",
            "[[",
            "true",
            "false",
            ":",
            "exit",
            "export",
            "set",
            "unset",
            "read",
            "eval",
            "exec",
            "shift",
            "return",
            "local",
            "wait",
            "trap",
            "umask",
            "ulimit",
            "type",
            "command",
            "builtin",
            "source",
            ".",
            "alias",
            "kill",
            "pwd",
            "times",
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
            "select",
            "!",
            "{",
            "}");

    // words that run the next word as the program
    private static final Set<String> WRAPPERS = Set.of("env", "nice", "sudo", "time", "nohup", "ionice", "taskset");

    private CommandWords() {}

    /**
     * One line per program a step of {@code s} starts that {@code has} does not find and fsflow's table
     * of packages does not know (those are {@link Packages#missingPrograms}'), in step order.
     */
    public static List<String> missingUnknownPrograms(Scenario s, Predicate<String> has) {
        List<String> out = new ArrayList<>();
        for (Step step : s.steps()) {
            Set<String> programs = new LinkedHashSet<>();
            for (Command c : new Command[] {step.run(), step.before(), step.after()}) {
                programs.addAll(programs(c));
            }
            programs.stream()
                    .filter(p -> !Packages.TOOLS.containsKey(p) && !has.test(p))
                    .forEach(p -> out.add("step " + step.name() + " calls " + p + ", which is not installed here"
                            + " and is no program fsflow knows the package of"));
        }
        return out;
    }

    /** The programs {@code c} starts, as far as its words tell; empty for null. */
    static List<String> programs(Command c) {
        List<String> out = new ArrayList<>();
        if (c == null || c.parts().isEmpty()) {
            return out;
        }
        if (!c.shell()) {
            judged(c.parts().get(0).text(), out);
            return out;
        }
        boolean first = true;
        for (String word : c.parts()
                .get(0)
                .text()
                .replaceAll("(;|&&|\\|\\||\\||&|\\(|\\))", " $1 ")
                .split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.matches(";|&&|\\|\\||\\||&|\\(|\\)|then|do|else|!|\\{")) {
                first = true;
            } else if (first && !word.matches("[A-Za-z_][A-Za-z0-9_]*=.*") && !WRAPPERS.contains(word)) {
                judged(word, out);
                first = false;
            }
        }
        return out;
    }

    private static void judged(String word, List<String> out) {
        if (!BUILTINS.contains(word) && word.matches("[A-Za-z0-9][A-Za-z0-9._+-]*")) {
            out.add(word);
        }
    }
}
