package org.fsflow.host;

import java.nio.file.Path;
import org.fsflow.dataset.CopyVerifier;
import org.fsflow.plan.Planner;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Scenario;

/**
 * A step's {@code verify:}: after the step's command succeeded, unmeasured and before its
 * {@code after:}, the copy must equal the cell's dataset (or the dataset that
 * {@code verify: { dataset: NAME, path: COPY }} names); otherwise the step fails with what differs,
 * and the cell goes on per {@code on_error}. The planner resolved which dataset and which copy
 * ({@link ResolvedStep#verify()}); the dataset's spec, whose bytes are generated again to compare,
 * is the scenario's at the step's scale.
 */
final class CopyCheck {

    private CopyCheck() {}

    /** True when {@code step} has a {@code verify:} (the check reads the copy: a phase of its own). */
    static boolean applies(Scenario scenario, ResolvedStep step) {
        return step.verify() != null;
    }

    /** What is wrong with the copy that {@code step} made, or null (also without verify:). */
    static String problem(Scenario scenario, ResolvedStep step) {
        ResolvedStep.Verify verify = step.verify();
        if (verify == null) {
            return null;
        }
        Scenario at = scenario.atScale(step.scale());
        Dataset d = verify.dataset() == null ? null : at.datasets().get(verify.dataset());
        if (d == null || d.existing() != null) {
            return "verify: the cell has no generated dataset to compare the copy with";
        }
        String difference = CopyVerifier.difference(
                d,
                Planner.datasetSeed(at, d),
                Path.of(verify.copy()),
                Runtime.getRuntime().availableProcessors());
        return difference == null ? null : "verify: " + difference;
    }
}
