package org.fsflow.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs the CLI in-process with captured output, as a user would see it. */
public record Cli(int exitCode, String out, String err) {

    /** Runs {@code fsflow args...}. */
    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = FsflowCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    /** Runs {@code fsflow run SCENARIO --out OUT --work WORK}: a campaign whose places the test owns. */
    public static Cli campaign(Path scenario, Path out, Path work) {
        return run("run", scenario.toString(), "--out", out.toString(), "--work", work.toString());
    }

    /** True when nothing printed looks like a Java stack trace or exception name. */
    public boolean noStackTrace() {
        String all = out + err;
        return !all.contains("\tat ")
                && !all.contains("Exception")
                && !all.contains("org.yaml.")
                && !all.contains("java.lang");
    }
}
