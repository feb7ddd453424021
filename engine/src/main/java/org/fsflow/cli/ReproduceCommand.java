package org.fsflow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.compare.Comparer;
import org.fsflow.compare.Reproduction;
import org.fsflow.compare.Run;
import org.fsflow.host.RunFailure;
import org.fsflow.lang.ScenarioException;
import org.fsflow.result.RunSettings;
import org.fsflow.run.Runner;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Versions;
import org.fsflow.summary.VerdictTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow reproduce DIR --out NEW}: runs a published run again and says what moved. */
@Command(
        name = "reproduce",
        mixinStandardHelpOptions = true,
        description = "Run a published run again from what DIR recorded (its copy of the scenario, its --set "
                + "options, scales and seed) into NEW, then say series by series whether the two runs agree "
                + "(their 95 %% intervals of the mean overlap) and which verdicts of the source's findings "
                + "changed. DIR is only read. When NEW holds a reproduction of DIR that was interrupted, the same "
                + "command continues it (as 'fsflow resume NEW' would) and then compares.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the reproduction agrees: every series' intervals overlap and no verdict changed",
            "1:a series moved or a verdict changed (each named), or the run failed",
            "2:usage error",
            "3:interrupted: the same command continues it and then compares"
        })
final class ReproduceCommand extends Subcommand {

    @Parameters(paramLabel = "DIR", description = "The published run's directory.")
    Path published;

    @Option(names = "--out", required = true, paramLabel = "NEW", description = "Output directory of the new run.")
    Path out;

    @Option(names = "--work", paramLabel = "DIR", description = "Work directory (default /var/tmp/fsflow/<name>/).")
    Path work;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "Change one of the recorded settings (after the recorded --set options), to see what moves.")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--tolerance",
            paramLabel = "N%",
            defaultValue = "5%",
            description = "A series whose intervals are apart still agrees when its means differ by no more than "
                    + "this share of the published mean (default 5%%).")
    String tolerance;

    @Override
    public Integer call() {
        double within = tolerance();
        var w = out();
        RunSettings settings;
        try {
            settings = RunSettings.read(published);
        } catch (org.fsflow.result.JournalException e) {
            throw new UserError("cannot reproduce " + published + ": " + e.getMessage(), ExitCodes.FAILED);
        }
        String commit =
                settings.provenance() == null ? null : settings.provenance().commit();
        w.println("reproducing " + published + " with " + options(settings) + "; published by fsflow "
                + (commit == null ? "of an unrecorded commit" : "at " + commit)
                + (commit != null && !commit.equals(Versions.BUILD.commit())
                        ? ", this is " + Versions.BUILD.commit() + ": the code that runs differs"
                        : ""));
        w.flush();
        boolean again = java.nio.file.Files.exists(out.resolve(RunSettings.FILE));
        if (again) {
            String other = Reproduction.another(published, settings, sets, out);
            if (other != null) {
                throw new UserError(other, ExitCodes.USAGE);
            }
            String recorded = RunSettings.read(out).work();
            if (work != null
                    && recorded != null
                    && !work.toAbsolutePath()
                            .normalize()
                            .equals(Path.of(recorded).toAbsolutePath().normalize())) {
                throw new UserError(
                        "the reproduction in " + out + " continues in the work directory it recorded, " + recorded
                                + "; drop --work, or give another --out to start it again in " + work,
                        ExitCodes.USAGE);
            }
            w.println("continuing the reproduction in " + out);
            w.flush();
        }
        Runner.Summary summary;
        try {
            summary = (again
                            ? Fsflow.resume(out, List.of(), Runs.options(spec), new Fsflow.Listener() {})
                            : Fsflow.reproduce(
                                    published, sets, out, work, Runs.options(spec), new Fsflow.Listener() {}))
                    .run();
        } catch (ScenarioException e) {
            throw Scenarios.failed(e, err());
        } catch (Overrides.Invalid | RunFailure e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
        int ran = Runs.finish(summary, out, spec);
        if (ran != ExitCodes.OK) {
            return ran;
        }
        return compare(within);
    }

    // the two runs series by series and verdict by verdict, printed; exit 0 when they agree
    private int compare(double within) {
        var w = out();
        double floor = Math.max(floor(published), floor(out));
        Reproduction r = Reproduction.of(
                Comparer.compare(List.of(Run.load(published), Run.load(out)), null),
                verdicts(published),
                verdicts(out),
                within,
                floor);
        w.println();
        w.println("series: " + r.agreed() + " agree, " + r.moved().size() + " moved, " + r.untested()
                + " untested (fewer than two values on a side, or a step under " + Reproduction.FLOORS
                + " launch floors of " + org.fsflow.summary.Numbers.sig(floor * 1000) + " ms in both runs)");
        r.moved().forEach(m -> w.println("moved: " + m));
        if (r.verdicts() > 0) {
            w.println("verdicts: " + (r.verdicts() - r.changed().size()) + " of " + r.verdicts() + " the same");
            r.changed().forEach(c -> w.println("changed: " + c));
            w.println("testable findings: " + r.testable().text() + "; of those the published run decided: "
                    + r.decided().text());
        }
        w.println(
                r.agrees()
                        ? "the reproduction agrees with " + published
                        : "the reproduction differs from " + published);
        w.flush();
        return r.agrees() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private double tolerance() {
        String t = tolerance.trim();
        try {
            double v =
                    t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100 : Double.parseDouble(t);
            if (v >= 0 && v < 10) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UserError("--tolerance is a share such as 5% or 0.05, not '" + tolerance + "'", ExitCodes.USAGE);
    }

    private static VerdictTable verdicts(Path dir) {
        return Fsflow.summarize(Fsflow.results(dir), dir).verdicts();
    }

    // the run's launch floor, seconds of real time (0 when it recorded none)
    private static double floor(java.nio.file.Path dir) {
        var f = org.fsflow.result.RunEnvironment.read(dir).launchFloor();
        return f == null ? 0 : f.realSMedian();
    }

    /** The published run's options, then this command's {@code --set}, as shell words. */
    private String options(RunSettings settings) {
        List<String> words = new ArrayList<>();
        settings.sets().forEach(set -> words.addAll(List.of("--set", set)));
        sets.forEach(set -> words.addAll(List.of("--set", set)));
        words.addAll(settings.scales().arguments());
        words.addAll(List.of("--seed", Long.toString(settings.seed())));
        return String.join(" ", words.stream().map(org.fsflow.plan.Shell::quote).toList());
    }
}
