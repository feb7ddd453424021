package org.fsflow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.host.RunFailure;
import org.fsflow.run.Campaign;
import org.fsflow.run.LaunchRecord;
import org.fsflow.run.Runner;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code fsflow resume DIR}: continues an interrupted or killed run. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description = "Continue an interrupted run: release what it left set up, keep every completed node, "
                + "run the rest (the node that was running runs again). Stopped before it recorded its settings "
                + "(no run.json): start it afresh with the command recorded in DIR/launch.json. Nothing recorded: "
                + "exit 4.")
final class ResumeCommand extends Subcommand {

    @Parameters(paramLabel = "DIR", description = "Output directory of the run.")
    Path dir;

    @Override
    public Integer call() {
        if (org.fsflow.hosts.HostsFile.in(dir)) {
            return HostsRuns.resume(dir, out(), err());
        }
        if (!Files.exists(dir.resolve(Campaign.RUN))) {
            return afresh();
        }
        Runner.Summary summary;
        try {
            summary = Fsflow.resume(dir, Runs.options(spec), new Fsflow.Listener() {})
                    .run();
        } catch (ScenarioException e) {
            throw Scenarios.failed(e, err());
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        } catch (RunFailure e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
        return Runs.finish(summary, dir, spec);
    }

    // no run.json: the run stopped before it recorded its settings; its launch record says how it began
    private int afresh() {
        LaunchRecord launch;
        try {
            launch = LaunchRecord.read(dir).orElse(null);
        } catch (RunFailure e) {
            throw new UserError("cannot resume " + dir + ": " + e.getMessage(), ExitCodes.FAILED);
        }
        if (launch != null && !launch.isRun()) {
            throw new UserError(
                    "cannot resume " + dir + ": " + dir.resolve(LaunchRecord.FILE) + " does not record a 'fsflow "
                            + "run' (" + launch.command() + "): start the run with 'fsflow run FILE --out " + dir + "'",
                    ExitCodes.FAILED);
        }
        if (launch == null) {
            throw new UserError(
                    "nothing to resume in " + dir + ": "
                            + (Files.isDirectory(dir) ? "it holds" : "it does not exist, so")
                            + " no record of a run (fsflow records one there before anything else: the run was "
                            + "never started there, or killed before its launcher began); start it with 'fsflow run "
                            + "FILE --out " + dir + "'",
                    ExitCodes.NOTHING_TO_RESUME);
        }
        var out = out();
        out.println("the run was stopped before it recorded its settings (no " + Campaign.RUN + "): starting it afresh "
                + "with the command recorded in " + dir.resolve(LaunchRecord.FILE) + ", from " + launch.cwd() + ": "
                + launch.command());
        out.flush();
        return FsflowCommand.execute(launch.argv().toArray(String[]::new), out, err(), launch.cwd());
    }
}
