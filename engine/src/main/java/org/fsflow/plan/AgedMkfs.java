package org.fsflow.plan;

import java.util.List;
import org.fsflow.scenario.Aging;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The mkfs of an aged cell: the cell starts every repetition from its aged image, written into the
 * device unmeasured, so its mkfs step is not run (nor the release before it, which would undo the
 * aging); the plan says so in its place.
 */
public final class AgedMkfs {

    private AgedMkfs() {}

    /** True when {@code step} is the mkfs of the aged device in an aged cell: the aged image replaces it. */
    public static boolean replaces(Scenario s, Cell cell, Step step) {
        return s.aging() != null
                && Aging.aged(cell.coordinates())
                && step.action() == Step.Action.MKFS
                && s.aging().device().equals(step.device());
    }

    /** The plan node of that step: what runs instead, nothing measured. */
    static PlanNode node(String id, Cell cell, int repeat, Step step, List<String> deps, double scale) {
        return new PlanNode(
                id,
                PlanNode.Kind.STEP,
                cell,
                repeat,
                step,
                null,
                "write the aged image of " + cell.id() + " into ${" + step.device() + ".dev}  # not measured: an aged"
                        + " cell starts from its aged image (made once, before its first repetition)",
                null,
                null,
                deps,
                scale);
    }
}
