package org.fsflow.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Reads {@code params:}: each parameter a single value ({@code files: 16}), or a value that
 * {@code --scale} multiplies ({@code size: { value: 2048, scale: true }}, a size in the unit its
 * command reads, or a count), which must then be a whole number of at least 1.
 */
record ParamReader(Fields f, Scalars v) {

    private static final List<String> KEYS = List.of("value", "scale");

    /** The parameters of {@code node} ({@code params:}, null when absent), in file order. */
    Map<String, Scenario.Param> params(Node node) {
        Map<String, Scenario.Param> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = node == null ? null : f.entries(node, "params", null);
        if (entries == null) {
            return out;
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "parameter name", Scalars.VAR_ID, Scalars.VAR_ID_RULE);
            Scenario.Param p = name == null ? null : param(name, t.getValueNode());
            if (p != null) {
                out.put(name, p);
            }
        }
        return out;
    }

    private Scenario.Param param(String name, Node node) {
        String what = "parameter '" + name + "'";
        if (!(node instanceof MappingNode)) {
            String value = f.paramValue(node, what);
            return value == null ? null : new Scenario.Param(name, value, f.at(node));
        }
        Map<String, NodeTuple> e = f.entries(node, what, KEYS);
        if (e == null) {
            return null;
        }
        f.require(e, node, what, "value");
        Node n = Fields.value(e, "value");
        String value = n == null ? null : f.paramValue(n, what);
        Boolean scale = (n = Fields.value(e, "scale")) == null ? Boolean.FALSE : v.bool(n, what + " scale");
        Node at = Fields.value(e, "value");
        if (value == null || scale == null) {
            return null;
        }
        if (scale && !Scenario.Param.WHOLE.matcher(value).matches()) {
            f.error(
                    at,
                    what + " scales with --scale (scale: true), so its value must be a whole number of at least 1 "
                            + "(a size in the unit its command reads, such as MiB, or a count), not '" + value + "'");
            return null;
        }
        return new Scenario.Param(name, value, f.at(at), scale);
    }
}
