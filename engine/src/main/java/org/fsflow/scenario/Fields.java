package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.fsflow.lang.YamlLoader;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Typed access to YAML nodes that records a located problem instead of throwing: the first layer
 * of validation (shape, types, ranges, unknown and duplicate keys). Methods return null when the
 * value is missing or wrong, after recording why.
 */
final class Fields {

    /** Marks of nodes built from {@code --set} carry the option as their name. */
    static final String SET_PREFIX = "--set ";

    private final String file;
    private final Problems problems;
    // keys suggested by a did-you-mean, per mapping: not reported again as missing
    private final Map<Node, java.util.Set<String>> suggested = new java.util.IdentityHashMap<>();
    private final ParamSubstitution params;

    Fields(String file, Problems problems) {
        this.file = file;
        this.problems = problems;
        this.params = new ParamSubstitution(problems);
    }

    /** From now on, {@code ${params.NAME}} in every scalar read (commands aside) takes these values. */
    void useParams(Map<String, Scenario.Param> values) {
        params.use(values);
    }

    Problems problems() {
        return problems;
    }

    Location at(Node node) {
        return at(node.getStartMark());
    }

    Location at(Mark mark) {
        if (mark != null && mark.getName() != null && mark.getName().startsWith(SET_PREFIX)) {
            return Location.commandLine(mark.getName());
        }
        return YamlLoader.location(file, mark);
    }

    void error(Node node, String message) {
        problems.error(at(node), message);
    }

    /**
     * The entries of a mapping, by key, in order. Records duplicate keys and keys not in
     * {@code allowed} (with a did-you-mean hint); {@code what} names the mapping in messages.
     */
    Map<String, NodeTuple> entries(Node node, String what, Collection<String> allowed) {
        Map<String, NodeTuple> out = new LinkedHashMap<>();
        if (!(node instanceof MappingNode map)) {
            error(node, what + " must be a mapping of key: value lines, not " + Hints.describe(node));
            return null;
        }
        for (NodeTuple t : map.getValue()) {
            Node keyNode = t.getKeyNode();
            if (!(keyNode instanceof ScalarNode k) || k.getTag() == Tag.NULL) {
                error(keyNode, "keys in " + what + " must be plain names");
                continue;
            }
            String key = k.getValue();
            if (key.equals("<<")) {
                error(keyNode, "merge keys (<<) are not supported: write the keys out");
                continue;
            }
            NodeTuple first = out.get(key);
            if (first != null) {
                error(
                        keyNode,
                        "duplicate key '" + key + "' in " + what + " (first at line "
                                + (first.getKeyNode().getStartMark().getLine() + 1) + "): remove one");
                continue;
            }
            if (allowed != null && !allowed.contains(key)) {
                error(keyNode, "unknown key '" + key + "' in " + what + Hints.didYouMean(key, allowed));
                String best = Hints.closest(key, allowed);
                if (best != null) {
                    suggested
                            .computeIfAbsent(node, n -> new java.util.HashSet<>())
                            .add(best);
                }
                continue;
            }
            out.put(key, t);
        }
        return out;
    }

    /** Reports required keys missing from {@code entries} at {@code node}. */
    void require(Map<String, NodeTuple> entries, Node node, String what, String... keys) {
        for (String key : keys) {
            if (!entries.containsKey(key)
                    && !suggested.getOrDefault(node, java.util.Set.of()).contains(key)) {
                error(node, what + " needs '" + key + "'");
            }
        }
    }

    static Node value(Map<String, NodeTuple> entries, String key) {
        NodeTuple t = entries.get(key);
        return t == null ? null : t.getValueNode();
    }

    /**
     * A scalar's text (numbers and booleans as written) with {@code ${params.NAME}} substituted;
     * null and an error for lists and maps, null alone when a variable in it was already refused.
     */
    String text(Node node, String what) {
        Node value = substituted(node);
        return params.refused(node) ? null : rawText(value, what);
    }

    /** A parameter's value: text in which no variable is expanded ({@code $${} still writes {@code ${}). */
    String paramValue(Node node, String what) {
        String s = rawText(node, what);
        return s == null ? null : params.literal(s, locator((ScalarNode) node));
    }

    /** Reads one named item of a section: null when it is not kept (its problems recorded). */
    interface Item<T> {
        T read(String name, Node value, Location nameAt);
    }

    /**
     * The items of a section that maps names to items ({@code datasets:}, {@code filesystems:},
     * {@code kernels:}), in file order: each name checked as an identifier, each item read by
     * {@code item} and kept unless it returns null; empty when the section is not a mapping.
     */
    <T> Map<String, T> named(Node node, String section, String what, Item<T> item) {
        Map<String, T> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = entries(node, section, null);
        for (NodeTuple t : entries == null ? List.<NodeTuple>of() : entries.values()) {
            String name = key(t.getKeyNode(), what + " name", Scalars.ID, Scalars.ID_RULE);
            T read = name == null ? null : item.read(name, t.getValueNode(), at(t.getKeyNode()));
            if (read != null) {
                out.put(name, read);
            }
        }
        return out;
    }

    /** A mapping key used as a name: as written, never substituted (the pattern refuses '$'). */
    String key(Node node, String what, String pattern, String rule) {
        String s = rawText(node, what);
        if (s != null && !s.matches(pattern)) {
            error(node, what + " '" + s + "' " + rule);
            return null;
        }
        return s;
    }

    /** True when a variable in {@code node} was refused (already reported). */
    boolean refused(Node node) {
        return params.refused(node);
    }

    /** {@code node} with {@code ${params.NAME}} substituted. */
    Node substituted(Node node) {
        return node instanceof ScalarNode s ? params.apply(s, locator(s)) : node;
    }

    private String rawText(Node node, String what) {
        if (node instanceof ScalarNode s && s.getTag() != Tag.NULL) {
            return s.getValue();
        }
        error(node, what + " must be a single value, not " + Hints.describe(node));
        return null;
    }

    /** A template: variables are located at their column when the scalar is on one line. */
    Template template(Node node, String what) {
        String s = rawText(node, what);
        if (s == null) {
            return null;
        }
        return Template.parse(s, locator((ScalarNode) node), problems);
    }

    /** {@code verify:}: true (the tree {@code ifTrue}), false (null) or a path template, as a one-argument command. */
    Command verifiedTree(Node node, String ifTrue) {
        if (node instanceof ScalarNode s && s.getTag() == Tag.BOOL) {
            return Boolean.parseBoolean(s.getValue().toLowerCase(java.util.Locale.ROOT))
                    ? new Command(false, List.of(Template.parse(ifTrue, offset -> at(node), problems)), at(node))
                    : null;
        }
        return copyPath(node, "verify", "verify is true, false or the path of the copied tree, not empty");
    }

    /** A path template as a one-argument command; {@code ifBlank} is the error for an empty one. */
    Command copyPath(Node node, String what, String ifBlank) {
        Template t = template(node, what);
        if (t == null) {
            return null;
        }
        if (t.text().isBlank()) {
            error(node, ifBlank);
            return null;
        }
        return new Command(false, List.of(t), at(node));
    }

    /** A command: a string (sh -c) or a list of arguments (exec'd directly). */
    Command command(Node node, String what) {
        if (node instanceof SequenceNode seq) {
            if (seq.getValue().isEmpty()) {
                error(node, what + " must not be an empty list");
                return null;
            }
            List<Template> parts = new ArrayList<>();
            for (Node item : seq.getValue()) {
                Template t = template(item, what + " argument");
                if (t != null) {
                    parts.add(t);
                }
            }
            return new Command(false, parts, at(node));
        }
        Template t = template(node, what);
        if (t == null) {
            return null;
        }
        if (t.text().isBlank()) {
            error(node, what + " must not be empty");
            return null;
        }
        return Command.shell(t, at(node));
    }

    private Function<Integer, Location> locator(ScalarNode node) {
        Location start = at(node);
        boolean oneLine = node.getStartMark() != null
                && node.getEndMark() != null
                && node.getStartMark().getLine() == node.getEndMark().getLine();
        DumperOptions.ScalarStyle style = node.getScalarStyle();
        if (!oneLine || !start.inFile()) {
            return offset -> start;
        }
        int shift = style == DumperOptions.ScalarStyle.PLAIN ? 0 : 1;
        return offset -> start.shifted(shift + offset);
    }
}
