package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The {@code conditions} of {@code environment.json}: what makes a run faithful to its source, as the
 * run writes them and reports read them. Lists are never null.
 *
 * @param memoryBudget   the memory budget (of the host's cells), or null when the run predates it
 * @param warmup         warm-up repetitions of every cell, left out of the statistics
 * @param flushSteps     steps whose real time includes a flush (syncfs) of their filesystem
 * @param memoryBudgetAt the budget of the cells at each other {@code --scale} a place ran at
 *                       ({@code --scale guest=0.05}), by the scale as written; empty when none
 * @param quiet          the wait for a quiet host and the retakes ({@code quiet:}), or null when the
 *                       run had neither
 */
@JsonPropertyOrder({"memory_budget", "memory_budget_at", "warmup", "quiet", "flush_steps"})
public record RunConditions(
        MemoryBudget memoryBudget,
        int warmup,
        List<String> flushSteps,
        java.util.Map<String, MemoryBudget> memoryBudgetAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) Quiet quiet) {

    /**
     * {@code quiet:} as the run applied it.
     *
     * @param maxWaitS the longest wait before a measured step on the host, seconds (0: none)
     * @param retake   the retakes a cell could use
     */
    public record Quiet(double maxWaitS, int retake) {}

    /** Normalizes an absent list or map to an empty one. */
    public RunConditions {
        flushSteps = flushSteps == null ? List.of() : flushSteps;
        memoryBudgetAt = memoryBudgetAt == null ? java.util.Map.of() : memoryBudgetAt;
    }

    /**
     * The memory budget as the scenario wrote it and as it was applied.
     *
     * @param bytes          as written (before --scale), or null for none
     * @param scale          whether --scale shrinks it
     * @param factor         the factor it was shrunk by
     * @param effectiveBytes the cgroup's limit, or null for none
     * @param raisedToFloor  whether it was raised to what the steps' tools need
     * @param floorBytes     that floor
     * @param axis           a memory matrix axis's budgets, as applied
     * @param steps          steps with their own budget ({@code step: size})
     * @param method         how it is enforced here, or null when nothing has a budget
     */
    public record MemoryBudget(
            Long bytes,
            boolean scale,
            double factor,
            Long effectiveBytes,
            boolean raisedToFloor,
            long floorBytes,
            List<String> axis,
            List<String> steps,
            String method) {

        /** Normalizes absent lists to empty ones. */
        public MemoryBudget {
            axis = axis == null ? List.of() : axis;
            steps = steps == null ? List.of() : steps;
        }
    }
}
