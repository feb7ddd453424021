package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** Reads what a finding's source says: its two {@code figures}, a stated {@code ratio} or a {@code claim}. */
record FindingSays(Fields f, Scalars v, SourceReader numbers) {

    private static final List<String> SAYS = List.of("figures", "claim", "ratio");

    /** What the source says of the two sides. */
    record Says(String numerator, String denominator, Finding.Figures figures, double ratio, boolean higher) {}

    /** What the source says of the two sides, or null after recording why it is wrong. */
    Says read(Node node, Map<String, NodeTuple> e, Map<String, Location> keysAt) {
        List<String> given = SAYS.stream().filter(e::containsKey).toList();
        if (given.size() != 1) {
            f.error(
                    node,
                    given.isEmpty()
                            ? "a finding needs what the source says: 'figures' (its two values), 'ratio' (a ratio it "
                                    + "states) or 'claim' (a direction)"
                            : "a finding says one of figures, ratio, claim, not " + String.join(" and ", given)
                                    + ": keep one");
            return null;
        }
        Node n = Fields.value(e, given.get(0));
        return switch (given.get(0)) {
            case "figures" -> figures(n, keysAt);
            case "ratio" -> stated(n, keysAt, false);
            default -> stated(n, keysAt, true);
        };
    }

    private Says figures(Node node, Map<String, Location> keysAt) {
        Map<String, NodeTuple> e = f.entries(node, "finding figures", null);
        if (e == null) {
            return null;
        }
        if (e.size() != 2) {
            f.error(
                    node,
                    "finding figures must hold exactly two values, the numerator first (such as xfs: "
                            + "{ value: 872.82 } then ext3: { value: 7.68 }), not " + e.size());
            return null;
        }
        List<String> keys = new ArrayList<>();
        double[] values = new double[2];
        Finding.At[] ats = new Finding.At[2];
        int i = 0;
        for (NodeTuple t : e.values()) {
            String key = ((ScalarNode) t.getKeyNode()).getValue();
            keys.add(key);
            keysAt.put("side." + key, f.at(t.getKeyNode()));
            Double value = figure(t.getValueNode(), "figure of '" + key + "'", ats, i);
            if (value == null) {
                return null;
            }
            values[i++] = value;
        }
        return new Says(
                keys.get(0),
                keys.get(1),
                new Finding.Figures(values[0], ats[0], values[1], ats[1]),
                values[0] / values[1],
                values[0] > values[1]);
    }

    private Double figure(Node node, String what, Finding.At[] ats, int i) {
        ats[i] = Finding.At.NONE;
        if (node instanceof ScalarNode) {
            return numbers.positive(node, what);
        }
        Map<String, NodeTuple> e = f.entries(node, what, List.of("value", "line", "lines", "column"));
        if (e == null) {
            return null;
        }
        f.require(e, node, what, "value");
        Finding.At at = at(node, e, what);
        ats[i] = at == null ? Finding.At.NONE : at;
        Node n = Fields.value(e, "value");
        return n == null || at == null ? null : numbers.positive(n, what + " value");
    }

    // line: N, or lines: [A, B] with column: C (a mean of field C over lines A to B)
    private Finding.At at(Node node, Map<String, NodeTuple> e, String what) {
        Node n;
        if (e.containsKey("line") && e.containsKey("lines")) {
            f.error(node, what + " gives line and lines: keep one");
            return null;
        }
        if ((n = Fields.value(e, "line")) != null) {
            Long line = v.integer(n, what + " line", 1, 10_000_000);
            return line == null ? null : new Finding.At(line.intValue(), line.intValue(), 0);
        }
        if ((n = Fields.value(e, "lines")) == null) {
            return Finding.At.NONE;
        }
        if (!(n instanceof SequenceNode seq) || seq.getValue().size() != 2) {
            f.error(n, what + " lines must be [FIRST, LAST], the lines whose mean the figure is");
            return null;
        }
        Long first = v.integer(seq.getValue().get(0), what + " lines", 1, 10_000_000);
        Long last = v.integer(seq.getValue().get(1), what + " lines", 1, 10_000_000);
        Node c = Fields.value(e, "column");
        Long column = c == null ? Long.valueOf(0) : v.integer(c, what + " column", 1, 10_000);
        if (first == null || last == null || column == null) {
            return null;
        }
        if (first > last) {
            f.error(
                    n,
                    what + " lines [" + first + ", " + last + "] run backwards: write [" + last + ", " + first + "]");
            return null;
        }
        return new Finding.At(first.intValue(), last.intValue(), column.intValue());
    }

    // claim: { of, to, is: lower|higher } or ratio: { of, to, value }
    private Says stated(Node node, Map<String, Location> keysAt, boolean claim) {
        String what = claim ? "finding claim" : "finding ratio";
        String third = claim ? "is" : "value";
        Map<String, NodeTuple> e =
                f.entries(node, what, claim ? List.of("of", "to", third) : List.of("of", "to", third, "line"));
        if (e == null) {
            return null;
        }
        f.require(e, node, what, "of", "to", third);
        Node n;
        String of = (n = Fields.value(e, "of")) == null ? null : v.nonEmpty(n, what + " of");
        if (of != null) {
            keysAt.put("side." + of, f.at(n));
        }
        String to = (n = Fields.value(e, "to")) == null ? null : v.nonEmpty(n, what + " to");
        if (to != null) {
            keysAt.put("side." + to, f.at(n));
        }
        if (of != null && of.equals(to)) {
            f.error(n, what + " compares '" + of + "' with itself: 'of' and 'to' name two different cells");
            return null;
        }
        n = Fields.value(e, third);
        if (n == null || of == null || to == null) {
            return null;
        }
        if (claim) {
            String is = v.choice(n, what + " is", List.of("lower", "higher"));
            return is == null ? null : new Says(of, to, null, Double.NaN, is.equals("higher"));
        }
        Double ratio = numbers.positive(n, what + " value");
        Node line = Fields.value(e, "line");
        if (line != null && v.integer(line, what + " line", 1, 10_000_000) == null) {
            return null;
        }
        return ratio == null ? null : new Says(of, to, null, ratio, ratio > 1);
    }
}
