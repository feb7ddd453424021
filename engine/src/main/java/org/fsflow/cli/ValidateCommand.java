package org.fsflow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.lang.DiagnosticPrinter;
import org.fsflow.scenario.Overrides;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
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

    @Option(
            names = "--format",
            paramLabel = "text|json",
            description = "text (default): problems on the standard error as file:line:col; json: one JSON "
                    + "document on the standard output, every file with its problems.")
    String format = "text";

    @Override
    public Integer call() {
        boolean json = switch (format) {
            case "text" -> false;
            case "json" -> true;
            default -> throw new UserError("--format must be text or json, not '" + format + "'", ExitCodes.USAGE);
        };
        Overrides overrides = options.overrides();
        List<Validation> all = new ArrayList<>();
        for (Path file : files) {
            Validation v = Validation.of(file, overrides);
            all.add(v);
            if (!json) {
                print(v);
            }
        }
        if (json) {
            out().println(Validation.json(all));
        }
        out().flush();
        err().flush();
        return all.stream().allMatch(Validation::valid) ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private void print(Validation v) {
        DiagnosticPrinter.print(err(), v.source(), v.diagnostics());
        if (v.valid()) {
            int cells = v.plan().cells().size();
            out().println(v.file() + ": valid (" + cells + (cells == 1 ? " cell, " : " cells, ")
                    + v.plan().measuredCount() + " measured steps)");
        }
    }
}
