package org.fsflow.cli;

import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.plan.PlanPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow plan FILE}: prints the execution graph that {@code run} would execute. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description = "Print the expanded execution graph of a scenario. Runs nothing.")
final class PlanCommand extends Subcommand {

    @Parameters(paramLabel = "FILE", description = "Scenario file.")
    Path file;

    @Option(
            names = "--format",
            defaultValue = "text",
            paramLabel = "text|json|dot",
            description = "text (for people), json (nodes with id, kind, cell, command, depends_on) or dot.")
    String format;

    @Mixin
    ScenarioOptions options;

    @Mixin
    LayoutOptions layout;

    @Override
    public Integer call() {
        PlanPrinter.Format f;
        try {
            f = PlanPrinter.Format.valueOf(format.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserError("--format must be text, json or dot, not '" + format + "'", ExitCodes.USAGE);
        }
        Scenarios.pipeline(file, options.overrides(), layout, Fsflow.Stage.PLAN, null, err(), plan -> {
            Scenarios.checkPlaces(plan);
            PlanPrinter.print(plan, f, out());
        });
        return ExitCodes.OK;
    }
}
