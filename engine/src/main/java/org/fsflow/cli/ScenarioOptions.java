package org.fsflow.cli;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.scenario.Overrides;
import picocli.CommandLine.Option;

/** The options that change a scenario before validation: {@code --set} and {@code --scale}. */
public final class ScenarioOptions {

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description =
                    "Override a value: params.NAME (or NAME), matrix.AXIS=a,b, repeat, order, seed, on_error, timeout.")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--scale",
            paramLabel = "F",
            defaultValue = "1",
            description = "Shrink datasets by F (0 < F <= 1): file counts first, then directories, then sizes.")
    double scale = 1;

    /** The overrides these options describe. */
    public Overrides overrides() {
        if (!(scale > 0 && scale <= 1)) {
            throw new UserError(
                    "--scale must be above 0 and at most 1 (it shrinks datasets), got " + scale, ExitCodes.USAGE);
        }
        return new Overrides(sets, scale);
    }
}
