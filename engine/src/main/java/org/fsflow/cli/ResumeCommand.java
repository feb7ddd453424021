package org.fsflow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.host.RunFailure;
import org.fsflow.lang.ScenarioException;
import org.fsflow.run.Campaign;
import org.fsflow.run.LaunchRecord;
import org.fsflow.run.Runner;
import org.fsflow.scenario.Overrides;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow resume DIR}: continues an interrupted or killed run. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description = "Continue an interrupted run: release what it left set up, keep every completed node, "
                + "run the rest (the node that was running runs again). Stopped before it recorded its settings "
                + "(no run.json): start it afresh with the command recorded in DIR/launch.json. Nothing recorded: "
                + "exit 4. With --set, a run whose adaptive rounds ended (its budget spent, say) goes on with more "
                + "rounds of the same plan.")
final class ResumeCommand extends Subcommand {

    @Parameters(paramLabel = "DIR", description = "Output directory of the run.")
    Path dir;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "Change when the adaptive rounds end, after the run's own --set options: one of "
                    + Overrides.RESUME_KEYS + " (repeat.budget=2h gives a run that spent 55m more rounds). "
                    + "Recorded with the resume, in run.json and in the report's conditions.")
    List<String> sets = new java.util.ArrayList<>();

    @Override
    public Integer call() {
        if (org.fsflow.hosts.HostsFile.in(dir)) {
            if (!sets.isEmpty()) {
                throw new UserError("resume --set: a run on many hosts resumes as it was recorded", ExitCodes.USAGE);
            }
            return HostsRuns.resume(dir, out(), err());
        }
        if (!Files.exists(dir.resolve(Campaign.RUN))) {
            if (!sets.isEmpty()) {
                throw new UserError(
                        "resume --set: " + dir + " recorded no run.json, so no rounds to add to", ExitCodes.USAGE);
            }
            return afresh();
        }
        Runner.Summary summary;
        try {
            summary = Fsflow.resume(dir, sets, Runs.options(spec), new Fsflow.Listener() {})
                    .run();
        } catch (ScenarioException e) {
            throw Scenarios.failed(e, err());
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), sets.isEmpty() ? ExitCodes.FAILED : ExitCodes.USAGE);
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
