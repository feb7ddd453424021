package org.fsflow.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a run writes: {@code --out} and {@code --work}, shared by plan and run so a plan shows the run's paths. */
public final class LayoutOptions {

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default reports/<name>/).")
    Path out;

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description =
                    "Work directory for images, mount points and " + "datasets (default /var/tmp/fsflow/<name>/).")
    Path work;
}
