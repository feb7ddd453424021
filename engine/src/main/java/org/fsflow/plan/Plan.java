package org.fsflow.plan;

import java.util.List;
import org.fsflow.scenario.Scenario;

/**
 * The whole execution graph of a scenario, built before anything runs. {@code nodes} are in the
 * order the runner executes them, which respects every {@code dependsOn} edge.
 *
 * @param scenario the validated scenario
 * @param layout   where outputs, images, mount points and datasets go
 * @param seed     the seed of the shuffled order (datasets do not use it: see {@link Planner#datasetSeed})
 * @param cells    the matrix's cells, in matrix order
 * @param nodes    every node, in execution order
 */
public record Plan(Scenario scenario, Layout layout, long seed, List<Cell> cells, List<PlanNode> nodes) {

    /** Number of measured (step) nodes. */
    public long measuredCount() {
        return nodes.stream().filter(PlanNode::measured).count();
    }

    /** Number of nodes of one kind. */
    public long count(PlanNode.Kind kind) {
        return nodes.stream().filter(n -> n.kind() == kind).count();
    }
}
