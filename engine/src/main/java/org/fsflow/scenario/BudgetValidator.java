package org.fsflow.scenario;

import java.util.List;
import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Problems;

/**
 * Checks the memory budgets and flushes of a scenario: a {@code memory} matrix axis holds sizes; a
 * budget that {@code --scale} shrank below what the steps' tools need is raised to
 * {@link MemoryBudget#MIN_BYTES}, with a warning where it is written; a flush needs a device to sync.
 */
record BudgetValidator(Scenario s, Problems problems) {

    void validate() {
        MemoryBudget top = s.memory();
        floor(top, "memory");
        for (Matrix.Value v : s.matrix().axes().getOrDefault(MemoryBudget.AXIS, List.of())) {
            try {
                floor(top.withBytes(ByteSize.parse(v.value()), v.where()), "the memory axis value " + v.value());
            } catch (IllegalArgumentException e) {
                problems.error(v.where(), "the memory axis holds memory budgets: " + e.getMessage());
            }
        }
        for (Step step : s.steps()) {
            if (step.memory() != null) {
                floor(top.withBytes(step.memory(), step.where()), "the memory of step '" + step.name() + "'");
            }
            if (step.flush() && s.devices().get(step.device() != null ? step.device() : Scenario.TARGET) == null) {
                problems.error(
                        step.where(),
                        "step '" + step.name() + "' has flush: true, which syncs the filesystem "
                                + "of device 'target' (or the action's device), and there is no such device");
            }
        }
    }

    private void floor(MemoryBudget b, String what) {
        if (b.present() && b.raisedToFloor()) {
            problems.warn(
                    b.where(),
                    what + " is " + ByteSize.format(b.scaledBytes())
                            + (b.factor() < 1
                                    ? " once scaled with the "
                                            + (s.datasets().isEmpty() ? "parameters that scale" : "datasets") + " (x"
                                            + round(b.factor()) + ")"
                                    : "")
                            + (s.scaling().scales().uniform()
                                    ? ""
                                    : " for the cells at --scale " + Scales.plain(s.scale()))
                            + ", below the " + ByteSize.format(MemoryBudget.MIN_BYTES)
                            + " that the steps' own tools need: "
                            + "fsflow applies " + ByteSize.format(MemoryBudget.MIN_BYTES)
                            + (b.factor() < 1
                                    ? ", so the data-to-RAM ratio of the source is not kept (use a larger --scale)"
                                    : ""));
        }
    }

    private static String round(double v) {
        return String.format(java.util.Locale.ROOT, "%.4g", v);
    }
}
