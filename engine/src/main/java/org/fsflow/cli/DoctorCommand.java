package org.fsflow.cli;

import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.doctor.Diagnosis;
import org.fsflow.doctor.Doctor;
import org.fsflow.plan.Plan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
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

    @Option(
            names = "--format",
            paramLabel = "text|json",
            description = "text (default), or json: one JSON document, its shape in docs/commands.md.")
    String format = "text";

    @Override
    public Integer call() {
        if (!format.equals("text") && !format.equals("json")) {
            throw new UserError("--format must be text or json, not '" + format + "'", ExitCodes.USAGE);
        }
        var out = out();
        var overrides = options.overrides();
        var loaded = Scenarios.load(file, overrides, err());
        Plan plan = Fsflow.plan(loaded.scenario(), layout.out, layout.work);
        Diagnosis d = Doctor.examine(plan, Doctor.system(), Path.of("reports"));
        // crash cells: what they run (their duration is not estimated: their points are drawn from a new recording)
        String crash = org.fsflow.plan.CrashPlan.describe(plan.scenario(), plan.seed());
        if (format.equals("json")) {
            out.println(DiagnosisJson.render(d, crash));
        } else {
            d.print(out);
            out.print(crash);
        }
        out.flush();
        return d.allClear() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
