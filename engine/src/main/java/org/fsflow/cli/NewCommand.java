package org.fsflow.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.lang.DiagnosticPrinter;
import org.fsflow.lang.ScenarioException;
import org.fsflow.lang.SourceText;
import org.fsflow.safety.StagingWriter;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow new [NAME]}: writes a starter scenario, commented key by key, that runs as it is. */
@Command(
        name = "new",
        mixinStandardHelpOptions = true,
        description = "Write a starter scenario NAME.yaml (a loop device, a small dataset, copy-in, a cold walk and "
                + "a delete, five repetitions), each key commented, ready for validate, doctor and run. "
                + "It never overwrites a file.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "1:the file exists (nothing changed), or it cannot be written", "2:usage error"})
final class NewCommand extends Subcommand {

    @Parameters(
            arity = "0..1",
            paramLabel = "NAME",
            description = "The scenario's name (default: " + StarterScenario.DEFAULT_NAME + ").")
    String name = StarterScenario.DEFAULT_NAME;

    @Option(
            names = "--filesystems",
            split = ",",
            paramLabel = "FS",
            description = "The filesystems to compare (default: ext4,xfs).")
    List<String> filesystems = new ArrayList<>(StarterScenario.DEFAULT_FILESYSTEMS);

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write it (default: NAME.yaml).")
    Path out;

    @Override
    public Integer call() {
        String problem = StarterScenario.nameProblem(name);
        problem = problem != null ? problem : StarterScenario.filesystemsProblem(filesystems);
        if (problem != null) {
            throw new UserError(problem, ExitCodes.USAGE);
        }
        Path file = out != null ? out : Path.of(name + ".yaml");
        String text = StarterScenario.text(name, filesystems);
        checkValid(file, text);
        try {
            StagingWriter.createFile(
                    file,
                    text.getBytes(StandardCharsets.UTF_8),
                    "Choose another NAME or --out, or move the file away.");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        out().println("wrote " + file + "; next: fsflow validate " + file);
        return ExitCodes.OK;
    }

    // the starter is loaded as validate would load it before it is written: a bug of fsflow's
    // template fails here, not in the user's first run
    private void checkValid(Path file, String text) {
        try {
            ScenarioLoader.load(SourceText.of(file.toString(), text), Overrides.NONE);
        } catch (ScenarioException e) {
            DiagnosticPrinter.print(err(), e.source(), e.diagnostics());
            throw new IllegalStateException("the starter scenario is invalid (nothing written)");
        } catch (Overrides.Invalid e) {
            throw new IllegalStateException(e);
        }
    }
}
