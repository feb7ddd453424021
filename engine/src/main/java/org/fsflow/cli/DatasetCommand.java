package org.fsflow.cli;

import java.nio.file.Path;
import org.fsflow.dataset.CopyVerifier;
import org.fsflow.dataset.DatasetGenerator;
import org.fsflow.dataset.Manifest;
import org.fsflow.plan.Planner;
import org.fsflow.safety.SafeDirectories;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fsflow dataset FILE NAME --into DIR}: generates one dataset on its own and prints its
 * manifest; {@code --check COPY} compares a copy with it instead, as a step's {@code verify:} does.
 */
@Command(
        name = "dataset",
        mixinStandardHelpOptions = true,
        description = {
            "Generate one dataset of a scenario into a directory (reused when its manifest and content "
                    + "match) and print its manifest.",
            "With --check COPY instead of --into, compare COPY with the dataset as a step's verify: does (every "
                    + "file's name, size and bytes, nothing more), say what differs and exit 1 if anything does."
        })
final class DatasetCommand extends Subcommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file.")
    Path file;

    @Parameters(index = "1", paramLabel = "NAME", description = "Dataset name.")
    String name;

    @Option(names = "--into", paramLabel = "DIR", description = "Directory to generate it in.")
    Path into;

    @Option(
            names = "--check",
            paramLabel = "COPY",
            description = "A copy of the dataset (a directory, or one file for a one-file dataset) to compare "
                    + "with it; nothing is written.")
    Path check;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Threads that write it, or that read COPY with --check (default: every core).")
    Integer threads;

    @Mixin
    ScenarioOptions options;

    @Override
    public Integer call() throws Exception {
        ScenarioLoader.Loaded loaded = Scenarios.load(file, options.overrides(), err());
        Dataset d = loaded.scenario().datasets().get(name);
        if (d == null) {
            throw new UserError(
                    "no dataset '" + name + "' in " + file + " (it has: "
                            + String.join(", ", loaded.scenario().datasets().keySet()) + ")",
                    ExitCodes.USAGE);
        }
        if (d.existing() != null) {
            throw new UserError(
                    "dataset '" + name + "' is an existing tree (" + d.existing() + "): nothing to generate",
                    ExitCodes.USAGE);
        }
        if ((into == null) == (check == null)) {
            throw new UserError("give either --into DIR (generate) or --check COPY (compare)", ExitCodes.USAGE);
        }
        int cores = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        long seed = Planner.datasetSeed(loaded.scenario(), d);
        if (check != null) {
            return check(d, seed, cores);
        }
        SafeDirectories.check(
                into,
                "the dataset directory",
                "Choose another --into, owned by root and writable " + "by no one else.");
        DatasetGenerator generator = new DatasetGenerator(cores);
        Manifest m = generator.reusable(d, seed, into);
        if (m == null) {
            m = generator.generate(d, seed, into);
        }
        out().println(m.toJson());
        return ExitCodes.OK;
    }

    private int check(Dataset d, long seed, int cores) {
        long start = System.nanoTime();
        String difference = CopyVerifier.difference(d, seed, check, cores);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (difference != null) {
            out().println(difference);
            return ExitCodes.FAILED;
        }
        out().printf(
                        java.util.Locale.ROOT,
                        "%s is exactly dataset '%s' (%d files), checked in %.2f s%n",
                        check,
                        name,
                        d.fileCount(),
                        seconds);
        return ExitCodes.OK;
    }
}
