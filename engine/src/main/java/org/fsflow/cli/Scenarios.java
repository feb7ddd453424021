package org.fsflow.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.scenario.DiagnosticPrinter;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioException;
import org.fsflow.scenario.ScenarioLoader;

/** Loads a scenario for a command, printing its warnings, or its errors and failing with exit 1. */
final class Scenarios {

    private Scenarios() {
    }

    static ScenarioLoader.Loaded load(Path file, Overrides overrides, PrintWriter err) {
        try {
            ScenarioLoader.Loaded loaded = Fsflow.load(file, overrides);
            DiagnosticPrinter.print(err, loaded.scenario().source(), loaded.warnings());
            return loaded;
        } catch (ScenarioException e) {
            DiagnosticPrinter.print(err, e.source(), e.diagnostics());
            throw new UserError(null, ExitCodes.FAILED);
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }
}
