package org.fsflow;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.report.ReportWriter;
import org.fsflow.run.Campaign;
import org.fsflow.run.RunOptions;
import org.fsflow.run.Runner;
import org.fsflow.scenario.Defaults;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioException;
import org.fsflow.scenario.ScenarioLoader;

/**
 * The whole pipeline, one stage per call; each subcommand runs it up to its stage:
 *
 * <pre>
 * scenario file --load+validate--> Scenario --plan--> Plan --run--> results.jsonl --report--> report.html, report.md
 * </pre>
 *
 * {@code validate} stops after {@link #load}, {@code plan} after {@link #plan}, {@code run} goes
 * through {@link #run} and {@link #report}; {@code resume} and {@code report} start from a stored
 * output directory; {@code import} writes a results.jsonl from foreign results, then reports.
 */
public final class Fsflow {

    private Fsflow() {
    }

    /** Stage 1: read, override and validate a scenario. */
    public static ScenarioLoader.Loaded load(Path file, Overrides overrides)
            throws ScenarioException, Overrides.Invalid {
        return ScenarioLoader.load(file, overrides);
    }

    /** Stage 2: expand it into the execution graph, with outputs in {@code out} and work files in {@code work}. */
    public static Plan plan(Scenario scenario, Path out, Path work) {
        Layout layout = new Layout(out != null ? out : defaultOut(scenario.name()),
                work != null ? work : Layout.defaultWork(scenario.name()));
        return Planner.plan(scenario, layout, seedOf(scenario));
    }

    /**
     * Stage 3: run the plan for real, appending every measurement to {@code results.jsonl} in the
     * plan's output directory as it ends (see {@link Campaign} and {@link Runner}).
     */
    public static Runner.Summary run(ScenarioLoader.Loaded loaded, Plan plan, Overrides overrides, RunOptions options) {
        return Campaign.run(loaded, plan, overrides, options);
    }

    /** Stage 3 again, for an interrupted run: completed nodes are kept. */
    public static Runner.Summary resume(Path out, RunOptions options) throws ScenarioException, Overrides.Invalid {
        return Campaign.resume(out, options);
    }

    /** Stage 4: render report.html, report.md and results.csv from what {@code dir} stores. */
    public static List<Path> report(Path dir, Path templates) {
        return new ReportWriter(templates).write(dir);
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
        Path results = dir.resolve("results.jsonl");
        try {
            return java.nio.file.Files.exists(results) && java.nio.file.Files.size(results) > 0;
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
