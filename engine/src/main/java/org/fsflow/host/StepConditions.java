package org.fsflow.host;

import java.nio.file.Path;
import org.fsflow.plan.ResolvedStep;

/**
 * What fsflow does around one measured process besides running it.
 *
 * @param memoryBytes the memory budget the process and its page cache run under, or -1 for none
 * @param flushMount  the mount point synced (syncfs) inside the measured interval after the
 *                    process exits ({@code flush: true}), or null
 */
public record StepConditions(long memoryBytes, Path flushMount) {

    /** No budget, no flush: the process alone. */
    public static final StepConditions NONE = new StepConditions(-1, null);

    /** The budget and the flush the planner resolved for {@code step}. */
    public static StepConditions of(ResolvedStep step) {
        return new StepConditions(step.memoryBytes(), step.flush() ? Path.of(step.flushTarget()) : null);
    }
}
