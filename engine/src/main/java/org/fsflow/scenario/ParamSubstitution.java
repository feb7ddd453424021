package org.fsflow.scenario;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * {@code ${params.NAME}} in every string the language accepts outside commands (mount and mkfs
 * options, device paths, sizes, names, titles ...), substituted as the scenario is read, after
 * {@code --set}. Every other variable there is refused with its location: device, dataset and
 * cell values exist only in commands, which are expanded per cell (see {@link Variables}). A plain
 * scalar is typed again after substitution, so {@code repeat: ${params.n}} is a number.
 */
final class ParamSubstitution {

    private final Problems problems;
    private final Map<ScalarNode, ScalarNode> done = new IdentityHashMap<>();
    private final Set<Object> refused = Collections.newSetFromMap(new IdentityHashMap<>());
    private Map<String, Scenario.Param> params = Map.of();

    ParamSubstitution(Problems problems) {
        this.problems = problems;
    }

    void use(Map<String, Scenario.Param> values) {
        this.params = values;
    }

    /** True when {@code node} held a variable that was refused (already reported). */
    boolean refused(Object node) {
        return refused.contains(node);
    }

    /** {@code node} with its variables substituted; itself when it has none. Reports each problem once. */
    ScalarNode apply(ScalarNode node, Function<Integer, Location> locate) {
        if (node.getTag() == Tag.NULL || !node.getValue().contains("${")) {
            return node;
        }
        return done.computeIfAbsent(node, n -> substitute(n, locate));
    }

    private ScalarNode substitute(ScalarNode node, Function<Integer, Location> locate) {
        int before = problems.size();
        Template t = Template.parse(node.getValue(), locate, problems);
        boolean bad = false;
        for (Template.Variable v : t.variables()) {
            String problem = problem(v.name());
            if (problem != null) {
                problems.error(v.where(), problem);
                bad = true;
            }
        }
        if (bad || problems.size() > before) {
            refused.add(node);
            return node;
        }
        String value =
                t.expand(name -> params.get(name.substring("params.".length())).value());
        Tag tag = node.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN
                ? new Resolver().resolve(NodeId.scalar, value, true)
                : Tag.STR;
        return new ScalarNode(tag, value, node.getStartMark(), node.getEndMark(), node.getScalarStyle());
    }

    /** A parameter's value: {@code $${} becomes {@code ${}, and a variable is refused (values are not expanded). */
    String literal(String text, Function<Integer, Location> locate) {
        Template t = Template.parse(text, locate, problems);
        for (Template.Variable v : t.variables()) {
            problems.error(
                    v.where(),
                    "a parameter's value is not expanded, so ${" + v.name() + "} would stay as "
                            + "written: write the value itself, or $${ for a literal ${");
        }
        return t.expand(name -> null);
    }

    private String problem(String name) {
        if (name.startsWith("params.")) {
            if (params.containsKey(name.substring("params.".length()))) {
                return null;
            }
            return "unknown variable ${" + name + "}: declare it under params: (declared: "
                    + (params.isEmpty() ? "none" : String.join(", ", params.keySet())) + ")";
        }
        return "${" + name + "} cannot be used here: outside commands (run:, before:, after: and lifecycle "
                + "commands) only ${params.NAME} is substituted";
    }
}
