package org.fsflow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.run.RunOptions;
import org.fsflow.run.Runner;
import picocli.CommandLine.Model.CommandSpec;

/** What run and resume share on the command line: options and the closing lines. */
final class Runs {

    private Runs() {}

    static RunOptions options(CommandSpec spec) {
        boolean terminal = System.console() != null && !"dumb".equals(System.getenv("TERM"));
        var parsed = spec.root().commandLine().getParseResult();
        List<String> command = new ArrayList<>(List.of("fsflow"));
        if (parsed != null) {
            command.addAll(parsed.originalArgs());
        }
        return new RunOptions(spec.commandLine().getOut(), terminal, false, command);
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
