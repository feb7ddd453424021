package org.fsflow.run;

import java.nio.file.Path;
import org.fsflow.dataset.CopyVerifier;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * A step's {@code verify:}: after the step's command succeeded, unmeasured and before its
 * {@code after:}, the copy must equal the cell's dataset (or the dataset that
 * {@code verify: { dataset: NAME, path: COPY }} names); otherwise the step fails with what differs,
 * and the cell goes on per {@code on_error}.
 */
final class CopyCheck {

    private CopyCheck() {}

    /** What is wrong with the copy that {@code step} made in {@code cell}, or null (also without verify:). */
    static String problem(Scenario scenario, Step step, Bindings b, Cell cell) {
        if (step.verify() == null) {
            return null;
        }
        // verify: { dataset: NAME, path: COPY } names the dataset; else the copy is of the cell's
        String name = step.verifyDataset() != null ? step.verifyDataset().name() : cell.dataset();
        Dataset d = name == null ? null : scenario.datasets().get(name);
        if (d == null || d.existing() != null) {
            return "verify: the cell has no generated dataset to compare the copy with";
        }
        Path tree = Path.of(b.argv(step.verify()).get(0));
        String difference = CopyVerifier.difference(
                d, Planner.datasetSeed(scenario, d), tree, Runtime.getRuntime().availableProcessors());
        return difference == null ? null : "verify: " + difference;
    }
}
