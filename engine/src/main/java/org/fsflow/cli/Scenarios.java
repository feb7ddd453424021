package org.fsflow.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.fsflow.Fsflow;
import org.fsflow.device.ImageMark;
import org.fsflow.host.RunFailure;
import org.fsflow.lang.DiagnosticPrinter;
import org.fsflow.lang.ScenarioException;
import org.fsflow.plan.MountPoints;
import org.fsflow.plan.Plan;
import org.fsflow.run.NotStarted;
import org.fsflow.run.RunOptions;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;

/**
 * Runs the pipeline for a command: prints a scenario's warnings before anything runs, or its
 * errors and fails with exit 1; a bad {@code --set} is a usage error (exit 2); a refused run
 * (a device, an output directory) fails with exit 1.
 */
final class Scenarios {

    private Scenarios() {}

    /** Runs {@link Fsflow#pipeline} on {@code file} up to {@code last}; {@code planned} sees the plan. */
    static Fsflow.Outcome pipeline(
            Path file,
            Overrides overrides,
            LayoutOptions layout,
            Fsflow.Stage last,
            RunOptions options,
            PrintWriter err,
            Consumer<Plan> planned) {
        Fsflow.Listener listener = new Fsflow.Listener() {
            @Override
            public void loaded(ScenarioLoader.Loaded loaded) {
                DiagnosticPrinter.print(err, loaded.scenario().source(), loaded.warnings());
            }

            @Override
            public void planned(Plan plan) {
                planned.accept(plan);
            }
        };
        try {
            return Fsflow.pipeline(
                    file,
                    overrides,
                    layout == null ? null : layout.out,
                    layout == null ? null : layout.work,
                    last,
                    options,
                    listener);
        } catch (ScenarioException e) {
            throw failed(e, err);
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        } catch (RunFailure e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        } catch (NotStarted e) {
            throw new UserError(e.getMessage(), ExitCodes.INTERRUPTED);
        }
    }

    /**
     * Refuses, before anything is printed or run, a plan that would mount over something ({@link
     * MountPoints}) or format an existing image fsflow did not make ({@link ImageMark}): what
     * {@code run} would refuse, {@code plan} and {@code run --dry-run} refuse too.
     */
    static void checkPlaces(Plan plan) {
        String why = MountPoints.refusal(plan, true);
        for (var d : plan.scenario().devices().values()) {
            if (why == null && d instanceof org.fsflow.scenario.Device.Loop loop && loop.image() != null) {
                String image = ImageMark.refusal(loop.image(), loop.destroy());
                why = image == null ? null : d.where() + ": refusing the image of device '" + d.name() + "': " + image;
            }
        }
        if (why != null) {
            throw new UserError(why, ExitCodes.FAILED);
        }
    }

    /** Loads {@code file} alone (stage 1), printing its warnings or its errors. */
    static ScenarioLoader.Loaded load(Path file, Overrides overrides, PrintWriter err) {
        try {
            ScenarioLoader.Loaded loaded = Fsflow.load(file, overrides);
            DiagnosticPrinter.print(err, loaded.scenario().source(), loaded.warnings());
            return loaded;
        } catch (ScenarioException e) {
            throw failed(e, err);
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }

    /** Prints every problem of an invalid scenario; the error to throw. */
    static UserError failed(ScenarioException e, PrintWriter err) {
        DiagnosticPrinter.print(err, e.source(), e.diagnostics());
        return new UserError(null, ExitCodes.FAILED);
    }
}
