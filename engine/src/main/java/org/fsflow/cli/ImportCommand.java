package org.fsflow.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.importer.Importer;
import org.fsflow.parse.OutputParser;
import org.fsflow.safety.Output;
import org.fsflow.safety.SafeDirectories;
import org.fsflow.safety.StagingWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow import bonnie|gnu-time|fio|hyperfine FILE... --out DIR}: foreign results into an fsflow report. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description =
                "Import published results (bonnie++ CSV of 1.03 or 1.9x, GNU time logs, fio --output-format=json, "
                        + "hyperfine --export-json) into DIR/results.jsonl "
                        + "and render the usual report.")
final class ImportCommand extends Subcommand {

    @Parameters(index = "0", paramLabel = "bonnie|gnu-time|fio|hyperfine", description = "The kind of file.")
    String kind;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "FILE", description = "Files to import.")
    List<Path> files;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(
            names = "--label",
            paramLabel = "K=V",
            description =
                    "filesystem=, dataset=, name=, title=, source=, description= (filesystem overrides the CSV's name field).")
    Map<String, String> labels = new LinkedHashMap<>();

    @Override
    public Integer call() {
        Runs.labels(labels, "filesystem", "dataset", "name");
        for (Path f : files) {
            String problem = org.fsflow.safety.InputFiles.problem(f);
            if (problem != null) {
                throw new UserError(problem, ExitCodes.FAILED);
            }
        }
        SafeDirectories.check(
                out, "the output directory", "Choose another --out, owned by root and writable by " + "no one else.");
        int n;
        try (StagingWriter staging = StagingWriter.open(out, Output.NEW_RESULTS, MergeCommand.FIX)) {
            n = importInto(staging.dir());
            org.fsflow.Fsflow.report(staging.dir(), null, staging.dir());
            staging.commit(List.of());
        } catch (OutputParser.Unparseable e) {
            throw new UserError(
                    String.join(", ", files.stream().map(Path::toString).toList()) + ": " + e.getMessage(),
                    ExitCodes.FAILED);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
        out().println("imported " + n + " rows into " + out.resolve("results.jsonl") + "; report: "
                + out.resolve("report.html"));
        return ExitCodes.OK;
    }

    private int importInto(Path dir) throws OutputParser.Unparseable {
        return switch (kind) {
            case "bonnie" -> Importer.bonnie(files, dir, labels);
            case "gnu-time" -> Importer.gnuTime(files, dir, labels);
            case "fio" -> Importer.fio(files, dir, labels);
            case "hyperfine" -> Importer.hyperfine(files, dir, labels);
            default ->
                throw new UserError(
                        "import what? 'bonnie', 'gnu-time', 'fio' or 'hyperfine', not '" + kind + "'", ExitCodes.USAGE);
        };
    }
}
