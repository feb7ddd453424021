package org.fsflow.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fsflow.Fsflow;
import org.fsflow.plan.PlanPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fsflow plan FILE}: prints the execution graph that {@code run} would execute. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description = "Print the expanded execution graph of a scenario. Runs nothing.")
final class PlanCommand implements Callable<Integer> {

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

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PlanPrinter.Format f;
        try {
            f = PlanPrinter.Format.valueOf(format.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserError("--format must be text, json or dot, not '" + format + "'", ExitCodes.USAGE);
        }
        Scenarios.pipeline(
                file,
                options.overrides(),
                layout,
                Fsflow.Stage.PLAN,
                null,
                spec.commandLine().getErr(),
                plan -> PlanPrinter.print(plan, f, spec.commandLine().getOut()));
        return ExitCodes.OK;
    }
}
