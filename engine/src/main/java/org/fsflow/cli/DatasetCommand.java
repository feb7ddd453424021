package org.fsflow.cli;

import java.nio.file.Path;
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

/** {@code fsflow dataset FILE NAME --into DIR}: generates one dataset on its own and prints its manifest. */
@Command(
        name = "dataset",
        mixinStandardHelpOptions = true,
        description = "Generate one dataset of a scenario into a directory (reused when its manifest and content "
                + "match) and print its manifest.")
final class DatasetCommand extends Subcommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file.")
    Path file;

    @Parameters(index = "1", paramLabel = "NAME", description = "Dataset name.")
    String name;

    @Option(names = "--into", required = true, paramLabel = "DIR", description = "Directory to generate it in.")
    Path into;

    @Option(names = "--threads", paramLabel = "N", description = "Writer threads (default: every core).")
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
        SafeDirectories.check(
                into,
                "the dataset directory",
                "Choose another --into, owned by root and writable " + "by no one else.");
        DatasetGenerator generator = threads == null ? DatasetGenerator.onAllCores() : new DatasetGenerator(threads);
        long seed = Planner.datasetSeed(loaded.scenario(), d);
        Manifest m = generator.reusable(d, seed, into);
        if (m == null) {
            m = generator.generate(d, seed, into);
        }
        out().println(m.toJson());
        return ExitCodes.OK;
    }
}
