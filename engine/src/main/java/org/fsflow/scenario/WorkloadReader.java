package org.fsflow.scenario;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Hints;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads a step written {@code workload: NAME} (and {@code with:}): checks the parameters, writes
 * out the workload's step ({@link Workload}) and gives it back as the mapping a user would have
 * written, the step's own keys ({@code name:}, {@code timeout:}, ...) over the workload's. Every
 * node written out carries the {@code workload:} line as its place, so a problem in it points there.
 */
record WorkloadReader(Fields f, Scalars v) {

    /** The step that {@code e} (a mapping with {@code workload:}) stands for, as entries; null after an error. */
    Map<String, NodeTuple> expand(Map<String, NodeTuple> e) {
        Node keywordNode = Fields.value(e, "workload");
        String keyword = f.text(keywordNode, "workload");
        if (keyword == null) {
            return null;
        }
        Workload w = Workload.of(keyword);
        if (w == null) {
            f.error(
                    keywordNode,
                    "unknown workload '" + keyword + "'"
                            + Hints.didYouMean(keyword, Workload.keywords())
                                    .replace(": expected one of", ": workloads are")
                            + " (docs/workloads.md)");
            return null;
        }
        boolean ok = true;
        for (Map.Entry<String, NodeTuple> k : e.entrySet()) {
            if (!k.getKey().equals("workload")
                    && !k.getKey().equals("with")
                    && !Workload.OWN_KEYS.contains(k.getKey())) {
                f.error(
                        k.getValue().getKeyNode(),
                        "workload " + keyword + " writes its own '" + k.getKey() + ":'; beside it a step may set "
                                + String.join(", ", Workload.OWN_KEYS));
                ok = false;
            }
        }
        Map<String, String> values = values(w, Fields.value(e, "with"));
        if (values == null || !ok) {
            return null;
        }
        Map<String, NodeTuple> out = new LinkedHashMap<>();
        MappingNode written = (MappingNode) relocated(compose(w.expand(values)), keywordNode.getStartMark());
        for (NodeTuple t : written.getValue()) {
            String key = ((ScalarNode) t.getKeyNode()).getValue();
            if ((key.equals("before") || key.equals("after")) && e.containsKey(key)) {
                f.error(
                        e.get(key).getKeyNode(),
                        "workload " + keyword + " has its own " + key + ": (docs/workloads.md shows it); leave it"
                                + " out, or write the step by hand");
                return null;
            }
            out.put(key, t);
        }
        e.forEach((key, t) -> {
            if (Workload.OWN_KEYS.contains(key)) {
                out.put(key, t);
            }
        });
        out.putIfAbsent("name", new NodeTuple(scalar("name", keywordNode), scalar(keyword, keywordNode)));
        return out;
    }

    // the parameters under with:, checked, as the text written into the step
    private Map<String, String> values(Workload w, Node with) {
        Map<String, String> values = new LinkedHashMap<>();
        if (with == null) {
            return values;
        }
        String what = "workload " + w.keyword();
        Map<String, NodeTuple> given =
                f.entries(with, what + " with", new ArrayList<>(w.params().keySet()));
        if (given == null) {
            return null;
        }
        boolean ok = true;
        for (Map.Entry<String, NodeTuple> g : given.entrySet()) {
            Workload.Param p = w.params().get(g.getKey());
            Node n = g.getValue().getValueNode();
            String text = value(p, n, what + " " + p.name());
            ok &= text != null;
            values.put(p.name(), text);
        }
        return ok ? values : null;
    }

    private String value(Workload.Param p, Node n, String what) {
        // ${params.NAME} is substituted as it is read (after --set), so its value is checked and converted too
        return switch (p.kind()) {
            case COUNT -> {
                Long c = v.integer(n, what, 1, Integer.MAX_VALUE);
                yield c == null ? null : String.valueOf(c);
            }
            case SIZE -> {
                Long b = v.size(n, what, 1, Long.MAX_VALUE);
                yield b == null ? null : String.valueOf(b);
            }
            case CHOICE -> v.choice(n, what, p.choices());
        };
    }

    private static Node compose(String yaml) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return new Yaml(new SafeConstructor(options)).compose(new StringReader(yaml));
    }

    // the same tree with every mark at the workload: line (its own text is fsflow's, not the user's)
    private static Node relocated(Node node, Mark at) {
        if (node instanceof ScalarNode s) {
            // no end mark: an error inside the value points at the workload:, not at a column past it
            return new ScalarNode(s.getTag(), s.getValue(), at, null, s.getScalarStyle());
        }
        if (node instanceof SequenceNode q) {
            List<Node> items = q.getValue().stream().map(i -> relocated(i, at)).toList();
            return new SequenceNode(q.getTag(), true, new ArrayList<>(items), at, at, q.getFlowStyle());
        }
        MappingNode m = (MappingNode) node;
        List<NodeTuple> tuples = new ArrayList<>();
        for (NodeTuple t : m.getValue()) {
            tuples.add(new NodeTuple(relocated(t.getKeyNode(), at), relocated(t.getValueNode(), at)));
        }
        return new MappingNode(m.getTag(), true, tuples, at, at, m.getFlowStyle());
    }

    private static ScalarNode scalar(String text, Node at) {
        return new ScalarNode(
                Tag.STR, text, at.getStartMark(), at.getEndMark(), org.yaml.snakeyaml.DumperOptions.ScalarStyle.PLAIN);
    }
}
