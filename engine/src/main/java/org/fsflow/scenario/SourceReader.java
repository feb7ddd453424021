package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Hints;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads a scenario's {@code source:} (see {@link SourceSection}): a plain string is the title; a
 * mapping holds the title, the document, the original conditions, the default tolerance and the
 * findings (read by {@link FindingReader}). Shapes, types and duplicate ids are checked here; the
 * references to steps, filesystems and datasets by {@link FindingChecker}.
 */
record SourceReader(Fields f, Scalars v) {

    static final List<String> KEYS = List.of("title", "document", "conditions", "tolerance", "findings");
    static final List<String> CONDITIONS = List.of("ram", "cpu", "disks", "kernel", "runs", "data", "tools");

    /** The section at {@code node}, or null after recording why it is wrong. */
    SourceSection read(Node node) {
        if (node instanceof ScalarNode) {
            String title = f.text(node, "source");
            return title == null ? null : SourceSection.titleOnly(title, f.at(node));
        }
        Map<String, NodeTuple> e = f.entries(node, "source", KEYS);
        if (e == null) {
            return null;
        }
        Node n;
        String title = (n = Fields.value(e, "title")) == null ? null : v.nonEmpty(n, "source title");
        String document = (n = Fields.value(e, "document")) == null ? null : v.nonEmpty(n, "source document");
        SourceSection.SourceConditions conditions =
                (n = Fields.value(e, "conditions")) == null ? SourceSection.SourceConditions.NONE : conditions(n);
        Double tolerance = (n = Fields.value(e, "tolerance")) == null
                ? Double.valueOf(SourceSection.DEFAULT_TOLERANCE)
                : tolerance(n, "source tolerance");
        List<Finding> findings =
                (n = Fields.value(e, "findings")) == null || tolerance == null ? List.of() : findings(n, tolerance);
        return new SourceSection(
                title,
                document,
                conditions == null ? SourceSection.SourceConditions.NONE : conditions,
                tolerance == null ? SourceSection.DEFAULT_TOLERANCE : tolerance,
                findings,
                f.at(node));
    }

    private List<Finding> findings(Node node, double tolerance) {
        if (!(node instanceof SequenceNode seq)) {
            f.error(node, "source findings must be a list of findings (- id: ...), not " + Hints.describe(node));
            return List.of();
        }
        FindingReader reader = new FindingReader(f, v, this, tolerance);
        Map<String, Finding> byId = new LinkedHashMap<>();
        for (Node item : seq.getValue()) {
            Finding x = reader.read(item);
            if (x == null) {
                continue;
            }
            Finding first = byId.putIfAbsent(x.id(), x);
            if (first != null) {
                f.error(
                        item,
                        "duplicate finding id '" + x.id() + "' (first at line "
                                + first.where().line() + "): give each finding its own id");
            }
        }
        return new ArrayList<>(byId.values());
    }

    private SourceSection.SourceConditions conditions(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "source conditions", CONDITIONS);
        if (e == null) {
            return null;
        }
        Node n;
        String ram = (n = Fields.value(e, "ram")) == null ? null : v.nonEmpty(n, "source conditions ram");
        Long ramBytes = null;
        if (ram != null && !ram.equals("unknown")) {
            ramBytes = v.size(n, "source conditions ram", 1, Long.MAX_VALUE / 2);
        }
        n = Fields.value(e, "runs");
        boolean unknownRuns = n != null && "unknown".equals(f.text(n, "source conditions runs"));
        Long runs = n == null || unknownRuns ? null : v.integer(n, "source conditions runs", 1, 100_000);
        return new SourceSection.SourceConditions(
                ram,
                ramBytes,
                text(e, "cpu"),
                text(e, "disks"),
                text(e, "kernel"),
                runs == null ? null : runs.intValue(),
                texts(Fields.value(e, "data"), "source conditions data"),
                texts(Fields.value(e, "tools"), "source conditions tools"));
    }

    private String text(Map<String, NodeTuple> e, String key) {
        Node n = Fields.value(e, key);
        return n == null ? null : v.nonEmpty(n, "source conditions " + key);
    }

    private Map<String, String> texts(Node node, String what) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        Map<String, NodeTuple> e = f.entries(node, what, null);
        if (e == null) {
            return out;
        }
        e.forEach((key, t) -> {
            String s = v.nonEmpty(t.getValueNode(), what + " '" + key + "'");
            if (s != null) {
                out.put(key, s);
            }
        });
        return out;
    }

    /** A band factor: a number above 1. */
    Double tolerance(Node node, String what) {
        Double d = number(node, what);
        if (d != null && !(d > 1)) {
            f.error(
                    node,
                    what + " is " + Numbers.plain(d) + ": it must be a factor above 1, such as 2 (the "
                            + "source's ratio may lie up to twice beyond fsflow's interval)");
            return null;
        }
        return d;
    }

    /** A number above zero. */
    Double positive(Node node, String what) {
        Double d = number(node, what);
        if (d != null && !(d > 0)) {
            f.error(node, what + " is " + Numbers.plain(d) + ": it must be above 0 (a ratio needs it)");
            return null;
        }
        return d;
    }

    /** A finite number. */
    Double number(Node node, String what) {
        if (!(node instanceof ScalarNode)) {
            f.error(node, what + " must be a number, not " + Hints.describe(node));
            return null;
        }
        String s = f.text(node, what);
        if (s == null) {
            return null;
        }
        try {
            double d = Double.parseDouble(s.strip().replace("_", ""));
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        f.error(node, what + " must be a number, not " + Hints.describe(node));
        return null;
    }

    /** Numbers as messages print them. */
    static final class Numbers {
        private Numbers() {}

        static String plain(double d) {
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
        }
    }
}
