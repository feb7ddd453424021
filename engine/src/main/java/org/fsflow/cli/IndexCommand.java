package org.fsflow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.report.ReportIndex;
import org.fsflow.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code fsflow index DIR}: the index of the reports under DIR, each with its headline. */
@Command(
        name = "index",
        mixinStandardHelpOptions = true,
        description = "Write DIR/index.html and DIR/index.md: every report directory under DIR (one with a "
                + "report.html) with its title and headline (its verdicts, else its largest significant "
                + "difference). Run it after rendering the reports. Same inputs, same bytes.")
final class IndexCommand extends Subcommand {

    @Parameters(paramLabel = "DIR", defaultValue = "reports", description = "The reports directory (default: reports).")
    Path dir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(dir)) {
            throw new UserError(
                    dir + " is not a directory: give the directory that holds the reports", ExitCodes.USAGE);
        }
        for (Path p : ReportIndex.write(dir, new ReportWriter(null))) {
            out().println("wrote " + p);
        }
        return ExitCodes.OK;
    }
}
