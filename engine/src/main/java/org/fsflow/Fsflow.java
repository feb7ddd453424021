package org.fsflow;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import org.fsflow.lang.ScenarioException;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.report.JournalPass;
import org.fsflow.report.ReportModel;
import org.fsflow.report.ReportModelBuilder;
import org.fsflow.report.ReportWriter;
import org.fsflow.report.Unreadable;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Journal;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.ScenarioCopy;
import org.fsflow.run.Campaign;
import org.fsflow.run.RunOptions;
import org.fsflow.run.Runner;
import org.fsflow.safety.Output;
import org.fsflow.safety.StagingWriter;
import org.fsflow.scenario.Defaults;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.scenario.SourceFile;
import org.fsflow.summary.RunSource;
import org.fsflow.summary.RunSummary;
import org.fsflow.summary.Summarizer;

/**
 * The whole tool, in {@link #pipeline}: five stages, each returning a typed, immutable value that
 * the next one reads. {@code validate} and {@code plan} run it up to the plan, {@code run} runs
 * all of it, {@code resume} runs all of it again from what a run directory recorded ({@link
 * #resume}), {@code report} its last stages on what a run directory stores ({@link #report}: also
 * the report of a campaign over hosts and of a merge), and {@code import} starts from foreign
 * results (see {@code org.fsflow.cli}).
 */
public final class Fsflow {

    private Fsflow() {}

    /** How far a command takes the pipeline. */
    public enum Stage {
        /** load and validate the scenario, expand it into its plan: nothing runs */
        PLAN,
        /** and run the plan for real, then summarize and render its report */
        REPORT
    }

    /** What a command shows while the pipeline goes: the warnings before anything runs, the plan. */
    public interface Listener {
        /** The scenario is valid; {@code loaded} holds its warnings. */
        default void loaded(ScenarioLoader.Loaded loaded) {}

        /** The plan is built; nothing has run yet. */
        default void planned(Plan plan) {}
    }

    /**
     * What the pipeline produced, up to where it stopped.
     *
     * @param scenario the loaded scenario, with its provenance
     * @param plan     its execution graph
     * @param run      the run's counts, or null when it stopped at the plan
     * @param reports  the files the report stage wrote, empty when it did not run
     */
    public record Outcome(Scenario scenario, Plan plan, Runner.Summary run, List<Path> reports) {}

    /**
     * The pipeline: scenario file -> {@link Scenario} -> {@link Plan} -> results.jsonl ->
     * {@link ResultSet} -> {@link RunSummary} -> {@link ReportModel} -> report.html, report.md.
     */
    public static Outcome pipeline(
            Path file, Overrides overrides, Path out, Path work, Stage last, RunOptions options, Listener listener)
            throws ScenarioException, Overrides.Invalid {
        return pipeline(new Start(file, overrides, out, work, null), last, options, listener);
    }

    /**
     * Where the pipeline starts: a scenario file with its overrides, the output and work
     * directories (null: the defaults), and the plan's seed (null: the scenario's, or a fresh one
     * for a shuffled order).
     */
    private record Start(Path file, Overrides overrides, Path out, Path work, Long seed) {}

    private static Outcome pipeline(Start start, Stage last, RunOptions options, Listener listener)
            throws ScenarioException, Overrides.Invalid {
        ScenarioLoader.Loaded loaded = load(start.file(), start.overrides()); // YAML -> Scenario, problems located
        listener.loaded(loaded);
        Plan plan = plan(loaded.scenario(), start.out(), start.work(), start.seed()); // -> Plan: nothing run yet
        listener.planned(plan);
        if (last == Stage.PLAN) {
            return new Outcome(loaded.scenario(), plan, null, List.of());
        }
        Runner.Summary run = run(plan, options); // Plan -> results.jsonl, one measurement per node
        Path dir = plan.layout().out();
        if (run.interrupted() || !Files.exists(dir.resolve(Journal.FILE))) {
            return new Outcome(loaded.scenario(), plan, run, List.of());
        }
        org.fsflow.result.RunEnd.write(dir); // what the journal holds as the run ends: a later cut is named
        List<Path> reports = report(dir, null); // results.jsonl -> statistics -> report model -> the report's files
        return new Outcome(loaded.scenario(), plan, run, reports);
    }

    /** Stage 1: read, override and validate a scenario. */
    public static ScenarioLoader.Loaded load(Path file, Overrides overrides)
            throws ScenarioException, Overrides.Invalid {
        return ScenarioLoader.load(file, overrides);
    }

    /** Stage 2: expand it into the execution graph, with outputs in {@code out} and work files in {@code work}. */
    public static Plan plan(Scenario scenario, Path out, Path work) {
        return plan(scenario, out, work, null);
    }

    private static Plan plan(Scenario scenario, Path out, Path work, Long seed) {
        // absolute: a step's command runs in a directory of its own, where a relative mount point,
        // image or dataset path would name something else
        Layout layout = new Layout(
                out != null ? out : defaultOut(scenario.name()),
                (work != null ? work : Layout.defaultWork(scenario.name()))
                        .toAbsolutePath()
                        .normalize());
        return Planner.plan(scenario, layout, seed != null ? seed : seedOf(scenario));
    }

    /**
     * Stage 3: run the plan for real, appending every measurement to {@code results.jsonl} in the
     * plan's output directory as it ends (see {@link Campaign}); with {@code options.resume()}, the
     * run continues what that directory holds.
     */
    public static Runner.Summary run(Plan plan, RunOptions options) {
        return Campaign.run(plan, options);
    }

    /**
     * The pipeline again for an interrupted run, from what {@code dir} recorded (its scenario copy,
     * {@code --set} and {@code --scale}, work directory and seed: {@link Campaign#recorded}), so the
     * plan is the one it ran; stage 3 keeps the completed nodes and runs the rest, then the report.
     * {@code more}, {@code --set} options of {@link Overrides#RESUME_KEYS} after those recorded, end
     * its adaptive rounds later (a run whose budget was spent gets more); the resume records them.
     */
    public static Outcome resume(Path dir, List<String> more, RunOptions options, Listener listener)
            throws ScenarioException, Overrides.Invalid {
        Overrides.checkForResume(more);
        Campaign.Recorded r = Campaign.recorded(dir);
        List<String> sets = new java.util.ArrayList<>(r.overrides().sets());
        sets.addAll(more);
        RunOptions resuming =
                new RunOptions(options.progress(), options.live(), true, options.command(), options.labels());
        return pipeline(
                new Start(r.scenario(), new Overrides(sets, r.overrides().scales()), dir, r.work(), r.seed()),
                Stage.REPORT,
                resuming,
                listener);
    }

    /**
     * Runs the campaign recorded in {@code published} again into {@code out}: its own copy of the
     * scenario file, its {@code --set} options (then {@code sets}, which may change one), its scales
     * and its seed, so the same plan runs (the work directory aside). The published directory is only
     * read.
     */
    public static Outcome reproduce(
            Path published, List<String> sets, Path out, Path work, RunOptions options, Listener listener)
            throws ScenarioException, Overrides.Invalid {
        org.fsflow.result.RunSettings settings = org.fsflow.result.RunSettings.read(published);
        List<String> all = new java.util.ArrayList<>(settings.sets());
        all.addAll(sets);
        Path scenario = published.resolve(org.fsflow.run.Campaign.ORIGINAL);
        return pipeline(
                new Start(scenario, new Overrides(all, settings.scales()), out, work, settings.seed()),
                Stage.REPORT,
                options,
                listener);
    }

    /** Stage 4: the stored measurements of a run directory, every row kept (a report reads them with {@link JournalPass}). */
    public static ResultSet results(Path dir) {
        return ResultSet.load(dir);
    }

    /** Stage 5: statistics and method warnings of {@code results}, under the conditions {@code dir} recorded. */
    public static RunSummary summarize(ResultSet results, Path dir) {
        SourceFile.Loaded source;
        try {
            source = RunSource.of(dir); // the findings a report checks: DIR/source.yaml, else scenario.yaml's
        } catch (ScenarioException e) {
            throw new IllegalStateException(e.getMessage(), e); // commands check it first, with its locations
        }
        RunEnvironment env = RunEnvironment.read(dir);
        return Summarizer.summarize(
                results,
                env,
                source,
                ScenarioCopy.filesystemTypes(dir, env),
                AgingRecord.read(dir),
                org.fsflow.result.Timeline.read(dir));
    }

    /** Stage 6: the report model, every figure and sentence the templates print. */
    public static ReportModel model(RunSummary summary) {
        return ReportModelBuilder.build(summary);
    }

    /** Stage 7: report.html, report.md (with its charts) and results.csv, from templates (null: built-in). */
    public static List<Path> render(ReportModel model, ResultSet results, Path dir, Path templates) {
        return new ReportWriter(templates).write(dir, model, results);
    }

    /** Stage 7 from the one pass over the journal: its results.csv is the rows the pass spooled. */
    public static List<Path> render(ReportModel model, JournalPass pass, Path dir, Path templates) {
        return new ReportWriter(templates).write(dir, model, pass);
    }

    /**
     * Stages 4 to 7 on a stored run directory: {@code fsflow report DIR}, and the end of
     * {@link #pipeline}. The summary also warns when the scenario file has changed since the run.
     */
    public static List<Path> report(Path dir, Path templates) {
        try (StagingWriter out = StagingWriter.open(
                dir,
                Output.RUN_REPORT,
                "Move the other files away, or copy the run's results.jsonl and environment.json into a "
                        + "directory of their own and render that.")) {
            return out.commit(report(dir, templates, out.dir()));
        }
    }

    /**
     * Stages 4 to 7 on the run directory {@code dir}, the report's files written into {@code into}
     * (a {@link StagingWriter}'s directory: all or nothing); returns the files written there.
     */
    public static List<Path> report(Path dir, Path templates, Path into) {
        try (JournalPass pass = JournalPass.over(dir, into)) { // results.jsonl -> ResultSet by series, in one pass
            RunSummary summary = summarize(pass.results(), dir); // -> statistics and method warnings, once
            summary = summary.withWarnings(
                    scenarioDrift(summary.environment()).stream().toList());
            summary = summary.withWarnings(Unreadable.warning(pass.results().unreadable()));
            long read = pass.results().size() + pass.results().unreadable().size();
            summary = summary.withWarnings(org.fsflow.result.RunEnd.read(dir)
                    .map(end -> end.warning(read))
                    .orElse(List.of()));
            ReportModel model = model(summary); // -> the typed report model
            return render(model, pass, into, templates); // -> report.html, report.md, results.csv
        }
    }

    /**
     * The warning when the scenario file {@code dir}'s run recorded (relative to the current
     * directory, as its command named it) now has another digest; empty otherwise.
     */
    public static java.util.Optional<String> scenarioDrift(Path dir) {
        return scenarioDrift(RunEnvironment.read(dir));
    }

    private static java.util.Optional<String> scenarioDrift(RunEnvironment env) {
        return org.fsflow.result.ScenarioDrift.check(env, Path.of("").toAbsolutePath());
    }

    /**
     * {@code reports/<name>/}, or, when that already holds results (a published report, an earlier
     * run), the first of {@code reports/<name>-2/}, {@code -3/} ... that does not: a run never
     * overwrites results. An explicit --out that holds results is refused instead.
     */
    static Path defaultOut(String name) {
        return defaultOut(Defaults.OUT_ROOT, name);
    }

    static Path defaultOut(Path reports, String name) {
        Path out = reports.resolve(name);
        for (int n = 2; holdsResults(out); n++) {
            out = reports.resolve(name + "-" + n);
        }
        return out;
    }

    private static boolean holdsResults(Path dir) {
        Path results = dir.resolve(Journal.FILE);
        try {
            return Files.exists(results) && Files.size(results) > 0;
        } catch (java.io.IOException e) {
            return true;
        }
    }

    /** The scenario's seed, or a fresh one for a shuffled order (recorded in the plan and results). */
    static long seedOf(Scenario scenario) {
        if (scenario.seed() != null) {
            return scenario.seed();
        }
        return scenario.order() == Scenario.Order.SHUFFLED ? new SecureRandom().nextLong() & Long.MAX_VALUE : 0L;
    }
}
