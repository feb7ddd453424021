package org.fsflow.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.fsflow.compare.Exporter;
import org.fsflow.compare.Run;
import org.fsflow.safety.StagingWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow export bmf|gab DIR}: a run for Bencher or github-action-benchmark. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = "Print a run's means with their 95 %% intervals as Bencher Metric Format (bmf: value, "
                + "lower_value, upper_value) or as github-action-benchmark JSON (gab: customSmallerIsBetter, or "
                + "customBiggerIsBetter with --bigger). compare writes both for a comparison.")
final class ExportCommand extends Subcommand {

    @Parameters(index = "0", paramLabel = "bmf|gab", description = "The format.")
    String format;

    @Parameters(index = "1", paramLabel = "DIR", description = "Output directory of a run or an import.")
    Path dir;

    @Option(names = "--bigger", description = "gab: the metrics where bigger is better (customBiggerIsBetter).")
    boolean bigger;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of the standard output.")
    Path out;

    @Override
    public Integer call() {
        Run run = run(dir);
        String text = switch (format) {
            case "bmf" -> Exporter.bmf(run);
            case "gab" -> Exporter.gab(run, bigger);
            default -> throw new UserError("export as what? 'bmf' or 'gab', not '" + format + "'", ExitCodes.USAGE);
        };
        if (out == null) {
            out().print(text);
            return ExitCodes.OK;
        }
        try {
            StagingWriter.replaceFile(
                    out,
                    text.getBytes(StandardCharsets.UTF_8),
                    "Choose another --out: a new file, or one an earlier export wrote.");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
        out().println("wrote " + out);
        return ExitCodes.OK;
    }
}
