package org.fsflow.cli;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.plan.Plan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code fsflow validate FILE...}: checks scenarios, printing every problem; runs nothing. */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = "Check scenarios and print every problem as file:line:col. Runs nothing.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:all valid", "1:at least one invalid", "2:usage error"})
final class ValidateCommand extends Subcommand {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Scenario files.")
    List<Path> files;

    @Mixin
    ScenarioOptions options;

    @Override
    public Integer call() {
        var out = out();
        var err = err();
        int code = ExitCodes.OK;
        for (Path file : files) {
            try {
                Plan plan = Scenarios.pipeline(file, options.overrides(), null, Fsflow.Stage.PLAN, null, err, p -> {})
                        .plan();
                out.println(
                        file + ": valid (" + plan.cells().size() + (plan.cells().size() == 1 ? " cell, " : " cells, ")
                                + plan.measuredCount() + " measured steps)");
            } catch (UserError e) {
                if (e.exitCode() == ExitCodes.USAGE) {
                    throw e;
                }
                code = ExitCodes.FAILED;
            }
        }
        out.flush();
        err.flush();
        return code;
    }
}
