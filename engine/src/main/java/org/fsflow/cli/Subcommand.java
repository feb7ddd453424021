package org.fsflow.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fsflow.compare.Run;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** What every subcommand has: picocli's model of it (injected), and the streams it prints on. */
abstract class Subcommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Where results and progress go (standard output, or a test's writer). */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Where problems and warnings go. */
    final PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** The run (or import) in {@code dir}, or the user's error that says why it is not one. */
    static Run run(Path dir) {
        try {
            return Run.load(dir);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
    }
}
