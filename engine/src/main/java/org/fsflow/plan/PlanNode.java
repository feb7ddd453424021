package org.fsflow.plan;

import java.util.List;
import java.util.Locale;

/**
 * One node of the execution graph.
 *
 * @param id        stable id: {@code test3/xfs/r2/copy-in}, {@code dataset/test1}, {@code setup/target}
 * @param kind      what the node does
 * @param cell      the cell of a step node, else null
 * @param repeat    the 1-based repetition of a step node, else 0
 * @param step      the step of a step node as the planner resolved it (what runs), else null
 * @param subject   the device or dataset a setup, dataset or teardown node works on, else null
 * @param command   the command as it will run (values known only at run time stay as ${...})
 * @param before    the unmeasured command run first, or null
 * @param after     the unmeasured command run afterwards, or null
 * @param dependsOn ids of the nodes that must run before this one
 * @param scale     the {@code --scale} the node runs at: its place's for a step, its own for a
 *                  dataset (one node per scale it is needed at), the host's for set-up and teardown
 */
public record PlanNode(
        String id,
        Kind kind,
        Cell cell,
        int repeat,
        ResolvedStep step,
        String subject,
        String command,
        String before,
        String after,
        List<String> dependsOn,
        double scale) {

    /** Node kinds. */
    public enum Kind {
        /** attach, format and mount a device before the campaign */
        SETUP,
        /** generate (or check) a dataset */
        DATASET,
        /** a measured step of one cell repetition */
        STEP,
        /** release a device after the campaign */
        TEARDOWN;

        /** The lower-case name used in printed plans. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** True for the nodes that produce a measurement. */
    public boolean measured() {
        return kind == Kind.STEP;
    }
}
