package org.fsflow.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fsflow.Fsflow;
import org.fsflow.run.RunFailure;
import org.fsflow.run.Runner;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fsflow resume DIR}: continues an interrupted or killed run. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description = "Continue an interrupted run: release what it left set up, keep every completed node, "
                + "run the rest (the node that was running runs again).")
final class ResumeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", description = "Output directory of the run.")
    Path dir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (org.fsflow.hosts.HostsFile.in(dir)) {
            return HostsRuns.resume(
                    dir, spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        Runner.Summary summary;
        try {
            summary = Fsflow.resume(dir, Runs.options(spec));
        } catch (ScenarioException e) {
            throw Scenarios.failed(e, spec.commandLine().getErr());
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        } catch (RunFailure e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
        return Runs.finish(summary, dir, spec);
    }
}
