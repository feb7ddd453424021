package org.fsflow.scenario;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads {@code memory:} (on the scenario, on a step, and as the values of a {@code memory} matrix
 * axis): a size, or {@code { size: SIZE, scale: false }} on the scenario. A size may use
 * {@code ${params.NAME}} like any string (a bonnie++ campaign ties its budget to the RAM it tells
 * bonnie++ with -r).
 */
record BudgetReader(Fields f, Scalars v) {

    /** The largest budget: far beyond any machine under test. */
    static final long MAX_BYTES = 64L << 40;

    /** The scenario's {@code memory:}. */
    MemoryBudget scenarioBudget(Node node) {
        Location at = f.at(node);
        if (node instanceof MappingNode) {
            Map<String, NodeTuple> e = f.entries(node, "memory", List.of("size", "scale"));
            if (e == null) {
                return MemoryBudget.none(at);
            }
            f.require(e, node, "memory", "size");
            Node n = Fields.value(e, "size");
            Long bytes = n == null ? null : size(n, "memory size");
            Boolean scale = (n = Fields.value(e, "scale")) == null ? Boolean.TRUE : v.bool(n, "memory scale");
            return new MemoryBudget(bytes, !Boolean.FALSE.equals(scale), 1.0, at);
        }
        return new MemoryBudget(size(node, "memory"), true, 1.0, at);
    }

    /** A step's {@code memory:}, in bytes. */
    Long stepBudget(Node node) {
        return size(node, "memory");
    }

    private Long size(Node node, String what) {
        if (!(node instanceof ScalarNode)) {
            f.error(node, what + " must be a size such as 512MB or 2GiB, not " + Hints.describe(node));
            return null;
        }
        return v.size(node, what, 1L << 20, MAX_BYTES);
    }
}
