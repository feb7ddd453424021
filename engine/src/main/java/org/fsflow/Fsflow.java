package org.fsflow;

import java.nio.file.Path;
import java.security.SecureRandom;
import org.fsflow.device.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
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
 */
public final class Fsflow {

    /** The fsflow version, from the jar manifest ("dev" when run from classes). */
    public static final String VERSION = versionOf();

    private Fsflow() {
    }

    /** Stage 1: read, override and validate a scenario. */
    public static ScenarioLoader.Loaded load(Path file, Overrides overrides)
            throws ScenarioException, Overrides.Invalid {
        return ScenarioLoader.load(file, overrides);
    }

    /** Stage 2: expand it into the execution graph, with outputs in {@code out} and work files in {@code work}. */
    public static Plan plan(Scenario scenario, Path out, Path work) {
        Layout layout = new Layout(out != null ? out : Path.of("reports", scenario.name()),
                work != null ? work : Layout.defaultWork(scenario.name()));
        return Planner.plan(scenario, layout, seedOf(scenario));
    }

    /** The scenario's seed, or a fresh one for a shuffled order (recorded in the plan and results). */
    static long seedOf(Scenario scenario) {
        if (scenario.seed() != null) {
            return scenario.seed();
        }
        return scenario.order() == Scenario.Order.SHUFFLED ? new SecureRandom().nextLong() & Long.MAX_VALUE : 0L;
    }

    private static String versionOf() {
        String v = Fsflow.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
