package org.fsflow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.lang.ScenarioException;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.safety.AtomicFile;
import org.fsflow.scenario.SourceFile;
import org.fsflow.summary.RunNames;
import org.fsflow.summary.RunSource;

/**
 * {@code --source FILE} of {@code report} and {@code verdicts}: the findings of another file's
 * {@code source:} section (a scenario such as scenarios/cds-2009.yaml), checked against what the
 * run has and stored as {@code DIR/source.yaml}, which later reports read in place of the
 * scenario's own section.
 */
final class SourceOption {

    private SourceOption() {}

    /** Checks and stores {@code file}'s findings in run directory {@code dir}, or fails with every problem. */
    static void store(Path dir, Path file, PrintWriter out, PrintWriter err) {
        if (!Files.isRegularFile(file)) {
            throw new UserError("--source " + file + " is not a file", ExitCodes.USAGE);
        }
        SourceFile.Loaded loaded;
        try {
            loaded = SourceFile.checked(file, RunNames.of(ResultSet.scan(dir, m -> {}), RunEnvironment.read(dir)));
        } catch (ScenarioException e) {
            throw Scenarios.failed(e, err);
        }
        Path stored = dir.resolve(SourceFile.STORED);
        try {
            AtomicFile.writeString(stored, loaded.text());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + stored, e);
        }
        out.println("stored the " + loaded.section().findings().size() + " findings of " + file + " in " + stored);
    }

    /** Checks that {@code dir}'s stored findings (if any) still read, printing their problems otherwise. */
    static void check(Path dir, PrintWriter err) {
        try {
            RunSource.of(dir);
        } catch (ScenarioException e) {
            throw Scenarios.failed(e, err);
        }
    }
}
