package org.fsflow.scenario;

import com.fasterxml.jackson.core.JsonPointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Reads {@code parse:} written as a mapping ({@link CustomParse}); every problem at its key or value. */
record ParseReader(Fields f, Scalars v) {

    static final List<String> KEYS = List.of("tool", "from", "regex", "metrics");

    static final List<String> FIGURE_KEYS = List.of("group", "json", "unit", "better");

    /** The names of {@code better:}. */
    static final List<String> BETTER = List.of("lower", "higher");

    /** A figure's name: a results.jsonl metrics key. */
    static final String NAME = "[A-Za-z_][A-Za-z0-9_.]{0,63}";

    /** {@code parse:}'s mapping {@code node} of a step that has an {@code after:} command or not; null when invalid. */
    CustomParse read(Node node, boolean hasAfter) {
        Map<String, NodeTuple> e = f.entries(node, "parse", KEYS);
        if (e == null) {
            return null;
        }
        Node n;
        String tool = (n = Fields.value(e, "tool")) == null ? null : v.choice(n, "parse tool", ParserName.STEP_NAMES);
        CustomParse.From from = CustomParse.From.RUN;
        if ((n = Fields.value(e, "from")) != null) {
            String s = v.choice(n, "parse from", List.of("run", "after"));
            from = "after".equals(s) ? CustomParse.From.AFTER : CustomParse.From.RUN;
            if (from == CustomParse.From.AFTER && !hasAfter) {
                f.error(n, "parse from: after needs the step's after: command, whose output it reads");
            }
        }
        Pattern regex = (n = Fields.value(e, "regex")) == null ? null : regex(n);
        boolean hasRegex = n != null;
        Node metrics = Fields.value(e, "metrics");
        if (metrics == null) {
            f.error(node, "parse: as a mapping needs metrics: (NAME: { group: N } or { json: /POINTER })");
            return null;
        }
        List<CustomParse.Figure> figures = figures(metrics, regex, hasRegex);
        return figures == null ? null : new CustomParse(tool, from, regex, figures, f.at(node));
    }

    private List<CustomParse.Figure> figures(Node node, Pattern regex, boolean hasRegex) {
        Map<String, NodeTuple> e = f.entries(node, "parse metrics", null);
        if (e == null) {
            return null;
        }
        if (e.isEmpty()) {
            f.error(node, "parse metrics must name at least one figure");
            return null;
        }
        List<CustomParse.Figure> out = new ArrayList<>();
        boolean ok = true;
        for (NodeTuple t : e.values()) {
            String name = v.name(
                    t.getKeyNode(),
                    "parse metric name",
                    NAME,
                    "must be letters, digits, '_' or '.'"
                            + " (a results.jsonl metrics key), starting with a letter or '_'");
            CustomParse.Figure figure = name == null ? null : figure(name, t.getValueNode(), regex, hasRegex);
            ok &= figure != null;
            if (figure != null) {
                out.add(figure);
            }
        }
        return ok ? out : null;
    }

    private CustomParse.Figure figure(String name, Node node, Pattern regex, boolean hasRegex) {
        String what = "parse metric '" + name + "'";
        Map<String, NodeTuple> e = f.entries(node, what, FIGURE_KEYS);
        if (e == null) {
            return null;
        }
        Node group = Fields.value(e, "group");
        Node json = Fields.value(e, "json");
        if ((group == null) == (json == null)) {
            f.error(node, what + " needs either group: N (a group of parse regex:) or json: /POINTER, one of them");
            return null;
        }
        Integer g = group == null ? null : group(group, what, regex, hasRegex);
        String pointer = json == null ? null : pointer(json, what);
        Node n;
        String unit = (n = Fields.value(e, "unit")) == null ? "" : v.nonEmpty(n, what + " unit");
        String better = (n = Fields.value(e, "better")) == null ? null : v.choice(n, what + " better", BETTER);
        boolean bad = group != null && g == null
                || json != null && pointer == null
                || unit == null
                || n != null && better == null;
        return bad ? null : new CustomParse.Figure(name, g, pointer, unit, better, f.at(node));
    }

    private Integer group(Node node, String what, Pattern regex, boolean hasRegex) {
        Long g = v.integer(node, what + " group", 1, 99);
        if (g == null) {
            return null;
        }
        if (!hasRegex) {
            f.error(node, what + " takes group " + g + " of parse regex:, and parse has no regex:");
            return null;
        }
        if (regex != null && g > regex.matcher("").groupCount()) {
            int count = regex.matcher("").groupCount();
            f.error(
                    node,
                    what + " takes group " + g + ", and parse regex: has " + count
                            + (count == 1 ? " group" : " groups"));
            return null;
        }
        return g.intValue();
    }

    private String pointer(Node node, String what) {
        String s = v.nonEmpty(node, what + " json");
        if (s == null) {
            return null;
        }
        try {
            JsonPointer.compile(s);
            return s;
        } catch (IllegalArgumentException e) {
            f.error(
                    node,
                    what + " json '" + s + "' is not a JSON pointer (RFC 6901): it starts with '/', as in"
                            + " /jobs/0/write/iops");
            return null;
        }
    }

    // compiled as the run will; a syntax error points at its character where the scalar's style allows
    private Pattern regex(Node node) {
        String s = v.nonEmpty(node, "parse regex");
        if (s == null) {
            return null;
        }
        try {
            return Pattern.compile(s);
        } catch (PatternSyntaxException e) {
            f.problems()
                    .error(
                            at(node, s, e.getIndex()),
                            "parse regex does not compile: " + e.getDescription()
                                    + (e.getIndex() >= s.length()
                                            ? " (at its end)"
                                            : e.getIndex() >= 0 ? " (at character " + (e.getIndex() + 1) + ")" : ""));
            return null;
        }
    }

    private Location at(Node node, String value, int index) {
        Location start = f.at(node);
        if (index < 0 || value.contains("\n") || !(node instanceof ScalarNode s)) {
            return start;
        }
        int at = Math.min(index, value.length());
        return switch (s.getScalarStyle()) {
            case PLAIN -> start.shifted(at);
            case SINGLE_QUOTED ->
                start.shifted(1
                        + at
                        + (int) value.substring(0, at)
                                .chars()
                                .filter(c -> c == '\'')
                                .count());
            case DOUBLE_QUOTED -> value.substring(0, at).matches("[^\\\\\"]*") ? start.shifted(1 + at) : start;
            default -> start;
        };
    }
}
