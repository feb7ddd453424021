package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Command-line changes to a scenario: {@code --set key=value} and {@code --scale F}. They are
 * applied to the YAML tree before validation, so a bad value is reported like any other, located
 * at the {@code --set} that gave it.
 *
 * <p>Keys: {@link #KEYS}: {@code params.NAME} (or a bare {@code NAME} declared under params),
 * {@code matrix.AXIS} (or a bare axis name) with a comma list, and top-level settings.
 *
 * @param sets   the {@code key=value} assignments, in order
 * @param scales the dataset scale factor of each place, in (0, 1]; 1 leaves datasets as written
 */
public record Overrides(List<String> sets, Scales scales) {

    /** No overrides. */
    public static final Overrides NONE = new Overrides(List.of(), Scales.FULL);

    /**
     * The keys {@code --set} takes, the one table its help (a constant, so an annotation can hold
     * it), its error and the documentation print; the plain keys in it are the top-level settings
     * it replaces.
     */
    public static final String KEYS = "params.NAME (or NAME), matrix.AXIS=a,b (or AXIS=a,b), repeat, repeat.min, "
            + "repeat.max, repeat.precision, repeat.target_cv, repeat.budget, order, seed, on_error, timeout, memory, "
            + "warmup, quiet.wait, quiet.retake, vm.reuse";

    /**
     * The keys {@code fsflow resume --set} takes: those that decide only when an adaptive repeat's
     * rounds end, so the run goes on with the plan it recorded (more rounds, never other cells).
     */
    public static final String RESUME_KEYS = "repeat.max, repeat.precision, repeat.target_cv, repeat.budget";

    /** Refuses an assignment of {@code sets} that names none of {@link #RESUME_KEYS}. */
    public static void checkForResume(List<String> sets) throws Invalid {
        List<String> keys = java.util.Arrays.asList(RESUME_KEYS.split(", "));
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0 || !keys.contains(s.substring(0, eq).strip())) {
                throw new Invalid("resume --set '" + s + "': a resumed run keeps the plan it recorded, so --set on "
                        + "resume takes only what decides when its rounds end (" + RESUME_KEYS + "); for any other "
                        + "change, start a new run");
            }
        }
    }

    /** The top-level settings of {@link #KEYS}: those written without a dot or a note. */
    static final List<String> TOP = java.util.Arrays.stream(KEYS.split(", "))
            .filter(k -> k.matches("[a-z_]+"))
            .toList();

    /** A {@code --set} or {@code --scale} that cannot apply: a usage error (exit 2). */
    public static final class Invalid extends Exception {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** Copies {@code sets}. */
    public Overrides {
        sets = List.copyOf(sets);
    }

    /** {@code sets} with one {@code scale} for every place. */
    public Overrides(List<String> sets, double scale) {
        this(sets, Scales.of(scale));
    }

    /** The default scale (of every place without its own). */
    public double scale() {
        return scales.fallback();
    }

    /** Applies the assignments to {@code root}, a scenario's top-level mapping. */
    void apply(Node root) throws Invalid {
        if (sets.isEmpty()) {
            return;
        }
        if (!(root instanceof MappingNode top)) {
            throw new Invalid("--set: the scenario is not a mapping");
        }
        for (String assignment : sets) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                throw new Invalid("--set '" + assignment + "': write key=value, such as repeat=1");
            }
            String key = assignment.substring(0, eq).trim();
            String value = assignment.substring(eq + 1);
            Mark mark = new Mark(Fields.SET_PREFIX + assignment, 0, 0, 0, new int[0], 0);
            if (key.startsWith("params.")) {
                param(section(top, "params", assignment), key.substring(7), scalar(value, mark), true, assignment);
            } else if (key.startsWith("matrix.")) {
                replace(section(top, "matrix", assignment), key.substring(7), list(value, mark), false, assignment);
            } else if (nested(key)) {
                String section = key.substring(0, key.indexOf('.'));
                replace(
                        mapping(top, section, mark),
                        key.substring(section.length() + 1),
                        scalar(value, mark),
                        true,
                        assignment);
            } else if (TOP.contains(key)) {
                replace(top, key, scalar(value, mark), true, assignment);
            } else if (has(find(top, "params"), key)) {
                param((MappingNode) find(top, "params"), key, scalar(value, mark), false, assignment);
            } else if (has(find(top, "matrix"), key)) {
                replace((MappingNode) find(top, "matrix"), key, list(value, mark), false, assignment);
            } else {
                throw new Invalid("--set '" + key + "': not a parameter or matrix axis of this scenario; use " + KEYS);
            }
        }
    }

    private static MappingNode section(MappingNode top, String key, String assignment) throws Invalid {
        Node n = find(top, key);
        if (n instanceof MappingNode m) {
            return m;
        }
        throw new Invalid("--set " + assignment + ": the scenario has no " + key + ": mapping");
    }

    /** The settings of {@link #KEYS} inside a mapping: {@code SECTION.KEY}. */
    static final List<String> NESTED = java.util.Arrays.stream(KEYS.split(", "))
            .filter(k -> k.matches("[a-z]+\\.[a-z_]+"))
            .toList();

    private static boolean nested(String key) {
        return NESTED.contains(key);
    }

    // the scenario's mapping under key (vm:, repeat:, quiet:), made when it has none; a whole
    // number of repetitions (repeat: 3) becomes { min: 3 }, which the other keys then extend
    private static MappingNode mapping(MappingNode top, String key, Mark mark) throws Invalid {
        Node found = find(top, key);
        if (found instanceof MappingNode m) {
            return m;
        }
        List<NodeTuple> tuples = new ArrayList<>();
        if (found instanceof ScalarNode n && key.equals("repeat")) {
            tuples.add(new NodeTuple(
                    new ScalarNode(Tag.STR, "min", n.getStartMark(), n.getEndMark(), DumperOptions.ScalarStyle.PLAIN),
                    n));
        }
        MappingNode m = new MappingNode(Tag.MAP, true, tuples, mark, mark, DumperOptions.FlowStyle.FLOW);
        replace(top, key, m, true, key);
        return m;
    }

    // a parameter written { value: V, scale: true } keeps its scale: only its value changes
    private static void param(MappingNode params, String key, Node value, boolean mayAdd, String assignment)
            throws Invalid {
        if (find(params, key) instanceof MappingNode declared && find(declared, "value") != null) {
            replace(declared, "value", value, false, assignment);
        } else {
            replace(params, key, value, mayAdd, assignment);
        }
    }

    private static void replace(MappingNode map, String key, Node value, boolean mayAdd, String assignment)
            throws Invalid {
        List<NodeTuple> tuples = new ArrayList<>(map.getValue());
        for (int i = 0; i < tuples.size(); i++) {
            if (tuples.get(i).getKeyNode() instanceof ScalarNode k
                    && k.getValue().equals(key)) {
                tuples.set(i, new NodeTuple(tuples.get(i).getKeyNode(), value));
                map.setValue(tuples);
                return;
            }
        }
        if (!mayAdd) {
            throw new Invalid("--set " + assignment + ": no '" + key + "' to change");
        }
        tuples.add(new NodeTuple(
                new ScalarNode(Tag.STR, key, value.getStartMark(), value.getEndMark(), DumperOptions.ScalarStyle.PLAIN),
                value));
        map.setValue(tuples);
    }

    private static Node find(MappingNode map, String key) {
        for (NodeTuple t : map.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                return t.getValueNode();
            }
        }
        return null;
    }

    private static boolean has(Node node, String key) {
        return node instanceof MappingNode m && find(m, key) != null;
    }

    private static ScalarNode scalar(String value, Mark mark) {
        Tag tag = new Resolver().resolve(NodeId.scalar, value, true);
        return new ScalarNode(tag, value, mark, mark, DumperOptions.ScalarStyle.PLAIN);
    }

    private static SequenceNode list(String value, Mark mark) {
        List<Node> items = new ArrayList<>();
        for (String v : value.split(",")) {
            items.add(scalar(v.trim(), mark));
        }
        return new SequenceNode(Tag.SEQ, true, items, mark, mark, DumperOptions.FlowStyle.FLOW);
    }
}
