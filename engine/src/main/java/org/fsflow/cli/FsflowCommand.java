package org.fsflow.cli;

import java.io.PrintWriter;
import org.fsflow.scenario.Versions;
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
        CommandLine cli = Subcommands.commandLine(args);
        cli.getCommandSpec().usageMessage().exitCodeList(ExitCodes.help());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(e -> e instanceof UserError u ? u.exitCode() : ExitCodes.FAILED);
        cli.setParameterExceptionHandler((e, a) -> {
            e.getCommandLine().getErr().println("fsflow: " + e.getMessage());
            e.getCommandLine()
                    .getErr()
                    .println("try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((e, c, parsed) -> {
            PrintWriter w = c.getErr();
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
                w.println("fsflow: error: " + io.getMessage() + ": "
                        + io.getCause().getMessage());
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
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Prints the version of fsflow (with the commit its jar was built from) and of the Java runtime. */
    static final class Version implements CommandLine.IVersionProvider {

        private static String built() {
            Versions.Build b = Versions.BUILD;
            if (b.commit() == null) {
                return "";
            }
            return " (commit " + b.commit() + (Boolean.TRUE.equals(b.dirty()) ? ", built with uncommitted changes" : "")
                    + ")";
        }

        @Override
        public String[] getVersion() {
            return new String[] {
                "fsflow " + Versions.FSFLOW + built(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
            };
        }
    }
}
