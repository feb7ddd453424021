package org.fsflow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.run.RunOptions;
import org.fsflow.run.Runner;
import org.fsflow.safety.Visible;
import org.fsflow.scenario.Scenario;
import picocli.CommandLine.Model.CommandSpec;

/** What run and resume share on the command line: options and the closing lines. */
final class Runs {

    private Runs() {}

    static RunOptions options(CommandSpec spec) {
        return options(spec, java.util.Map.of());
    }

    static RunOptions options(CommandSpec spec, java.util.Map<String, String> labels) {
        boolean terminal = System.console() != null && !"dumb".equals(System.getenv("TERM"));
        var parsed = spec.root().commandLine().getParseResult();
        List<String> command = new ArrayList<>(List.of("fsflow"));
        if (parsed != null) {
            command.addAll(parsed.originalArgs());
        }
        return new RunOptions(spec.commandLine().getOut(), terminal, false, command, labels);
    }

    /**
     * {@code --label K=V}: a key of letters, digits, '_', '-', '.'; a value on one line, without
     * control characters or bidi overrides ({@link Visible#hasHidden}); the labels in {@code names}
     * name things (a filesystem, a dataset, a scenario: used in node ids and paths) and follow
     * {@link Scenario#NAME}.
     */
    static java.util.Map<String, String> labels(java.util.Map<String, String> given, String... names) {
        for (var e : given.entrySet()) {
            String shown = "--label '" + Visible.line(e.getKey() + "=" + e.getValue()) + "'";
            if (!e.getKey().matches("[A-Za-z0-9_.-]+")) {
                throw new UserError(
                        shown + ": the key is letters, digits, '_', '-' or '.' (e.g. --label kernel_build=6.12-rc3)",
                        ExitCodes.USAGE);
            }
            if (e.getValue().isEmpty() || Visible.hasHidden(e.getValue())) {
                throw new UserError(
                        shown + ": give a value, on one line, without control characters (e.g. --label " + e.getKey()
                                + "=abc123)",
                        ExitCodes.USAGE);
            }
            if (java.util.Arrays.asList(names).contains(e.getKey())
                    && !e.getValue().matches(Scenario.NAME)) {
                throw new UserError(
                        shown + ": a " + e.getKey() + " " + Scenario.NAME_RULE + " (e.g. --label " + e.getKey()
                                + "=ext4)",
                        ExitCodes.USAGE);
            }
        }
        return given;
    }

    static int finish(Runner.Summary s, Path out, CommandSpec spec) {
        var w = spec.commandLine().getOut();
        if (!s.interrupted() && java.nio.file.Files.exists(out.resolve("results.jsonl"))) {
            w.println("report: " + out.resolve("report.html") + ", " + out.resolve("report.md"));
        }
        w.println();
        w.println(s.ok() + " ok, " + s.failed() + " failed, " + s.skipped() + " skipped"
                + (s.interrupted() ? "; interrupted: continue with 'fsflow resume " + out + "'" : "")
                + (s.aborted() ? "; aborted (on_error: abort)" : ""));
        w.println("results: " + out.resolve("results.jsonl"));
        w.flush();
        return s.exitCode();
    }
}
