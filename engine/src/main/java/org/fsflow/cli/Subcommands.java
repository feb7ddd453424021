package org.fsflow.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * The table of fsflow's subcommands, in the order {@code --help} lists them. picocli builds a
 * command's model by reflection, which is most of fsflow's start time; so only the command named
 * on the command line is built ({@code --version} builds none), and all of them only for help,
 * completion or a mistyped name.
 */
final class Subcommands {

    /** Name to constructor, one line per subcommand. */
    static final Map<String, Supplier<Object>> TABLE = table();

    private Subcommands() {}

    private static Map<String, Supplier<Object>> table() {
        Map<String, Supplier<Object>> t = new LinkedHashMap<>();
        t.put("new", NewCommand::new);
        t.put("validate", ValidateCommand::new);
        t.put("plan", PlanCommand::new);
        t.put("run", RunCommand::new);
        t.put("resume", ResumeCommand::new);
        t.put("reproduce", ReproduceCommand::new);
        t.put("dataset", DatasetCommand::new);
        t.put("crash-replay", CrashReplayCommand::new);
        t.put("report", ReportCommand::new);
        t.put("verdicts", VerdictsCommand::new);
        t.put("index", IndexCommand::new);
        t.put("import", ImportCommand::new);
        t.put("compare", CompareCommand::new);
        t.put("merge", MergeCommand::new);
        t.put("history", HistoryCommand::new);
        t.put("export", ExportCommand::new);
        t.put("setup", SetupCommand::new);
        t.put("doctor", DoctorCommand::new);
        t.put("completion", CompletionCommand::new);
        t.put("help", CommandLine.HelpCommand::new);
        return t;
    }

    /** The whole command tree: what help and completion describe. */
    static CommandLine all() {
        CommandLine cli = new CommandLine(new FsflowCommand());
        TABLE.forEach((name, make) -> cli.addSubcommand(name, make.get()));
        return cli;
    }

    /** The command tree that {@code args} needs. */
    static CommandLine commandLine(String[] args) {
        String first = List.of(args).stream()
                .filter(a -> !a.startsWith("-"))
                .findFirst()
                .orElse(null);
        boolean versionOnly = args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
        if (versionOnly) {
            return new CommandLine(new FsflowCommand());
        }
        if (first == null || !TABLE.containsKey(first) || first.equals("help")) {
            return all();
        }
        CommandLine cli = new CommandLine(new FsflowCommand());
        cli.addSubcommand(first, TABLE.get(first).get());
        return cli;
    }
}
