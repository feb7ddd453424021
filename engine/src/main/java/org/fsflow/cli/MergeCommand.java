package org.fsflow.cli;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.compare.Merger;
import org.fsflow.compare.Run;
import org.fsflow.safety.Output;
import org.fsflow.safety.StagingWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow merge RUN... --out DIR}: runs into one results set, what tells them apart as an axis. */
@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        description = "Combine runs (hosts, days, kernels) into DIR/results.jsonl with the field that tells them apart "
                + "as a new cell axis, and render the ordinary report, which then shows them side by side. Each row "
                + "keeps its bytes but for the axis value in front of its node id and first in its cell; the "
                + "originals are copied to DIR/runs/VALUE/.")
final class MergeCommand extends Subcommand {

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "Output directories of runs or imports.")
    List<Path> dirs;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(
            names = "--axis",
            paramLabel = "NAME",
            description = "kernel, host, run (the directory's name) or any condition compare lists; default: the "
                    + "first of kernel, host, run whose values tell every run apart.")
    String axis;

    static final String FIX = "Choose another --out: a new directory, or an empty one.";

    @Override
    public Integer call() {
        List<Run> runs = dirs.stream().map(Subcommand::run).toList();
        String used;
        try (StagingWriter staging = StagingWriter.open(out, Output.NEW_RESULTS, FIX)) {
            used = Merger.merge(runs, staging.dir(), axis);
            org.fsflow.Fsflow.report(staging.dir(), null, staging.dir());
            staging.commit(List.of());
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
        out().println("merged " + runs.size() + " runs along '" + used + "' into " + out.resolve("results.jsonl")
                + "; report: " + out.resolve("report.html"));
        return ExitCodes.OK;
    }
}
