package org.fsflow.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code fsflow} command and its subcommands. */
@Command(
        name = "fsflow",
        mixinStandardHelpOptions = true,
        versionProvider = FsflowCommand.Version.class,
        description = "Declarative, real and reproducible filesystem benchmark campaigns.",
        exitCodeListHeading = "%nExit codes:%n")
public final class FsflowCommand implements Runnable {

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print stack traces of internal errors.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: try 'fsflow --help'");
    }

    /** Runs fsflow with {@code args}, printing to {@code out} and {@code err}; returns the exit code. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, out, err, null);
    }

    /**
     * Runs fsflow with {@code args} as if given in {@code cwd} (null: where fsflow runs): a path on
     * the command line is taken from there. How {@code resume} starts a run afresh from its
     * {@link org.fsflow.run.LaunchRecord}.
     */
    static int execute(String[] args, PrintWriter given, PrintWriter givenErr, java.nio.file.Path cwd) {
        // whatever a scenario, a run directory or an import holds is shown, never acted on by the terminal
        PrintWriter out = org.fsflow.safety.VisibleWriter.of(given);
        PrintWriter err = org.fsflow.safety.VisibleWriter.of(givenErr);
        CommandLine cli = Subcommands.commandLine(args);
        if (cwd != null) {
            cli.registerConverter(java.nio.file.Path.class, cwd::resolve);
            if (cli.getSubcommands().get("run") != null
                    && cli.getSubcommands().get("run").getCommand() instanceof RunCommand run) {
                run.cwd = cwd;
            }
        }
        describe(cli);
        cli.setOut(out);
        cli.setErr(err);
        cli.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cli.setExitCodeExceptionMapper(e -> e instanceof UserError u ? u.exitCode() : ExitCodes.FAILED);
        cli.setParameterExceptionHandler((e, a) -> {
            RunCommand.forget(args, cwd);
            e.getCommandLine().getErr().println("fsflow: " + UsageHint.message(e));
            e.getCommandLine()
                    .getErr()
                    .println("try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((e, c, parsed) -> failed(e, c.getErr(), args));
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /**
     * Completes the model's description with what is not in its annotations (the exit codes, from
     * their one table): what {@code --help} prints and the man pages (docs/man/) are made from.
     */
    static CommandLine describe(CommandLine cli) {
        cli.getCommandSpec().usageMessage().exitCodeList(ExitCodes.help());
        return cli;
    }

    // what an exception in a command prints, and the exit code
    private static int failed(Exception e, PrintWriter w, String[] args) {
        if (e instanceof UserError u) {
            if (u.getMessage() != null) {
                w.println("fsflow: error: " + u.getMessage());
            }
            w.flush();
            return u.exitCode();
        }
        boolean debugging = java.util.Arrays.asList(args).contains("--debug");
        if (e instanceof org.fsflow.result.JournalException j) {
            w.println("fsflow: " + j.getMessage());
            w.flush();
            return ExitCodes.FAILED;
        }
        if (e instanceof org.fsflow.safety.SafeDirectories.Refused r) {
            w.println("fsflow: error: " + r.getMessage());
            w.flush();
            return ExitCodes.FAILED;
        }
        if (e instanceof org.fsflow.report.TemplateFailure t) {
            w.println("fsflow: " + t.getMessage());
            w.flush();
            return ExitCodes.FAILED;
        }
        if (e instanceof java.io.UncheckedIOException io) {
            // the machine said no (disk full, permission denied): not a bug of fsflow
            w.println("fsflow: error: " + io.getMessage() + ": " + io.getCause().getMessage());
            if (debugging) {
                e.printStackTrace(w);
            }
            w.flush();
            return ExitCodes.FAILED;
        }
        w.println("fsflow: internal error: " + e + (debugging ? "" : " (run again with --debug for details)"));
        if (debugging) {
            e.printStackTrace(w);
        }
        w.flush();
        return ExitCodes.FAILED;
    }

    /** Prints the version of fsflow (with the commit its jar was built from) and of the Java runtime. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return VersionText.lines();
        }
    }
}
