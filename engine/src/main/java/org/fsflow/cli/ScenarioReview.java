package org.fsflow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanCommands;

/**
 * A scenario is a program: every {@code run:} string runs as root. Before {@code fsflow run}
 * starts a scenario that does not come from this repository's {@code scenarios/}, it prints every
 * distinct command that the run will execute, so that what runs as root is on screen first.
 */
final class ScenarioReview {

    private ScenarioReview() {}

    /** Prints the distinct commands of {@code plan} unless {@code file} is one of the repository's scenarios. */
    static void printIfForeign(Path file, Plan plan, PrintWriter out) {
        if (shipped(file)) {
            return;
        }
        List<String> commands = PlanCommands.distinct(plan);
        out.println(file + " is not one of fsflow's scenarios/: it runs these " + commands.size()
                + " distinct commands as root (review them; 'fsflow plan " + file + "' shows each in its place):");
        for (String c : commands) {
            out.println("  " + c);
        }
        out.println();
        out.flush();
    }

    /** True when {@code file} is under the scenarios/ directory of the repository this fsflow was built from. */
    static boolean shipped(Path file) {
        Path scenarios = repository().resolve("scenarios");
        try {
            return Files.isDirectory(scenarios) && file.toRealPath().startsWith(scenarios.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    // engine/target/fsflow.jar, or engine/target/classes when run from the build: three levels up
    private static Path repository() {
        Path none = Path.of("/nonexistent");
        var source = ScenarioReview.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return none;
        }
        try {
            Path engine = Path.of(source.getLocation().toURI()).getParent().getParent();
            return engine == null || engine.getParent() == null ? none : engine.getParent();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return none;
        }
    }
}
