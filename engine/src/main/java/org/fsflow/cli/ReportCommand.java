package org.fsflow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.safety.SafeDirectories;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow report DIR}: re-renders a run's reports from its stored results. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Render DIR/report.html, DIR/report.md (with its chart SVG files) and DIR/results.csv from "
                + "DIR/results.jsonl and DIR/environment.json. Same inputs, same bytes.")
final class ReportCommand extends Subcommand {

    @Parameters(paramLabel = "DIR", description = "Output directory of a run or an import.")
    Path dir;

    @Option(
            names = "--templates",
            paramLabel = "DIR",
            description =
                    "Use the templates of DIR first (report.html.ftl, report.md.ftl, partials/), the built-in ones for the rest.")
    Path templates;

    @Option(
            names = "--source",
            paramLabel = "FILE",
            description = "Check the run against the findings of FILE's source: section (such as "
                    + "scenarios/cds-2009.yaml), stored as DIR/source.yaml for later reports.")
    Path source;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(dir.resolve("results.jsonl"))) {
            throw new UserError(
                    dir + " has no results.jsonl: give the output directory of a run or an import", ExitCodes.FAILED);
        }
        if (templates != null && !Files.isDirectory(templates)) {
            throw new UserError("--templates " + templates + " is not a directory", ExitCodes.USAGE);
        }
        SafeDirectories.check(
                dir,
                "the report directory",
                "Copy it into a directory of root's, or run " + "'fsflow report' as the user who owns it.");
        org.fsflow.Fsflow.scenarioDrift(dir).ifPresent(w -> err().println("fsflow: warning: " + w));
        if (source != null) {
            SourceOption.store(dir, source, out(), err());
        }
        SourceOption.check(dir, err());
        Path absolute = dir.toAbsolutePath().normalize();
        for (Path p : org.fsflow.Fsflow.report(dir, templates)) {
            // each file as the directory was named: runs/first/report.html for 'report runs/first'
            out().println("wrote " + (p.startsWith(absolute) ? dir.resolve(absolute.relativize(p)) : p));
        }
        return ExitCodes.OK;
    }
}
