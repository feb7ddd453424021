package org.fsflow.cli;

import java.util.List;
import org.fsflow.lang.Hints;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one line a usage error prints: picocli's message, except for a mistyped command or option,
 * which is named with what it was likely meant to be. A command is suggested by picocli
 * ({@link UnmatchedArgumentException#getSuggestions}, its most similar subcommand); an option by
 * the edit distance the scenario's diagnostics use ({@link Hints#closest}: picocli's own suggestion
 * for options only matches their first two letters), else by picocli's.
 */
final class UsageHint {

    private UsageHint() {}

    /** What {@code e} prints after "fsflow: ". */
    static String message(ParameterException e) {
        if (!(e instanceof UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
            return e.getMessage();
        }
        CommandSpec spec = u.getCommandLine().getCommandSpec();
        String word = u.getUnmatched().get(0);
        if (u.isUnknownOption()) {
            String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            return "unknown option '" + option + "' of '" + spec.qualifiedName() + "'" + optionHint(spec, option, u);
        }
        boolean command =
                !spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty();
        if (!command) {
            return e.getMessage();
        }
        List<String> similar = u.getSuggestions();
        return "unknown command '" + word + "'"
                + (similar.isEmpty()
                        ? "; the commands are "
                                + String.join(", ", spec.subcommands().keySet())
                        : " (did you mean '" + similar.get(0) + "'?)");
    }

    private static String optionHint(CommandSpec spec, String option, UnmatchedArgumentException u) {
        List<String> names = spec.options().stream()
                .filter(o -> !o.hidden())
                .map(OptionSpec::longestName)
                .toList();
        String closest = Hints.closest(option, names);
        if (closest != null) {
            return " (did you mean '" + closest + "'?)";
        }
        List<String> prefixed = u.getSuggestions();
        return prefixed.isEmpty() ? "" : " (did you mean '" + String.join("' or '", prefixed) + "'?)";
    }
}
