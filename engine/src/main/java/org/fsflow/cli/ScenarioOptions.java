package org.fsflow.cli;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scales;
import picocli.CommandLine.Option;

/** The options that change a scenario before validation: {@code --set} and {@code --scale}. */
public final class ScenarioOptions {

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Override a value: " + Overrides.KEYS + ".")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--scale",
            paramLabel = "[PLACE=]F",
            description = "Shrink datasets by F (0 < F <= 1): file counts first, then directories, then sizes. "
                    + "PLACE=F for the cells of one place (host, guest, or a kernel's name), F for the others: "
                    + "--scale 1 --scale guest=0.05.")
    List<String> scales = new ArrayList<>();

    /** The overrides these options describe. */
    public Overrides overrides() {
        try {
            return new Overrides(sets, Scales.parse(scales));
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }
}
