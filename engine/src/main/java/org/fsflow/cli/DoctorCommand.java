package org.fsflow.cli;

import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.plan.Plan;
import org.fsflow.run.Diagnosis;
import org.fsflow.run.Doctor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code fsflow doctor FILE}: what a run would do here, and what it lacks; changes nothing. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = {
            "Say, without changing anything, which cells of a campaign will run here and which will "
                    + "be skipped (why, and the fix), the disk space and memory it needs against what this host has, "
                    + "and how long it should take when an earlier run of it exists under reports/."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every cell can run and every resource fits",
            "1:invalid scenario, or something will be skipped or does not fit",
            "2:usage error"
        })
final class DoctorCommand extends Subcommand {

    @Parameters(paramLabel = "FILE", description = "Scenario file.")
    Path file;

    @Mixin
    ScenarioOptions options;

    @Mixin
    LayoutOptions layout;

    @Override
    public Integer call() {
        var out = out();
        var overrides = options.overrides();
        var loaded = Scenarios.load(file, overrides, err());
        Plan plan = Fsflow.plan(loaded.scenario(), layout.out, layout.work);
        Diagnosis d = Doctor.examine(plan, Doctor.system(), Path.of("reports"));
        d.print(out);
        // crash cells: what they run (their duration is not estimated: their points are drawn from a new recording)
        out.print(org.fsflow.plan.CrashPlan.describe(plan.scenario(), plan.seed()));
        out.flush();
        return d.allClear() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
