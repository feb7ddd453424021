package org.fsflow.plan;

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

    /** Why the mkfs of an aged cell is not run: its resolved step's skip reason and its row's reason. */
    public static final String REASON = "aged cell: the aged image was written to the device instead (unmeasured)";

    /** True when {@code step} is the mkfs of the aged device in an aged cell: the aged image replaces it. */
    public static boolean replaces(Scenario s, Cell cell, ResolvedStep step) {
        return replaces(s, cell, step.action(), step.target().device());
    }

    // the mkfs (action) of device, in cell
    static boolean replaces(Scenario s, Cell cell, Step.Action action, String device) {
        return s.aging() != null
                && Aging.aged(cell.coordinates())
                && action == Step.Action.MKFS
                && s.aging().device().equals(device);
    }

    /** How the plan shows that step: what runs instead, nothing measured. */
    static String command(Cell cell, ResolvedStep step) {
        return "write the aged image of " + cell.id() + " into ${"
                + step.target().device() + ".dev}  # not measured:"
                + " an aged cell starts from its aged image (made once, before its first repetition)";
    }
}
