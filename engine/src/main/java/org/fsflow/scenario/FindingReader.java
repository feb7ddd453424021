package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Reads one item of {@code source: findings:} into a {@link Finding}, recording every problem. */
final class FindingReader {

    static final List<String> KEYS = List.of(
            "id",
            "cite",
            "step",
            "filesystem",
            "dataset",
            "cell",
            "metric",
            "figures",
            "claim",
            "ratio",
            "tolerance",
            "min_scale",
            "explanation");
    static final String ID = "[a-z0-9][a-z0-9-]{0,79}";
    private static final List<String> SAYS = List.of("figures", "claim", "ratio");

    private final Fields f;
    private final Scalars v;
    private final SourceReader numbers;
    private final double defaultTolerance;

    FindingReader(Fields fields, Scalars scalars, SourceReader numbers, double defaultTolerance) {
        this.f = fields;
        this.v = scalars;
        this.numbers = numbers;
        this.defaultTolerance = defaultTolerance;
    }

    /** What the source says of the two sides. */
    private record Says(String numerator, String denominator, Finding.Figures figures, double ratio, boolean higher) {}

    Finding read(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "a finding", KEYS);
        if (e == null) {
            return null;
        }
        f.require(e, node, "a finding", "id", "cite", "metric");
        Node n;
        String id = (n = Fields.value(e, "id")) == null
                ? null
                : v.name(
                        n,
                        "finding id",
                        ID,
                        "must be lowercase letters, digits and '-' (up to 80), such as " + "delete-test3-xfs-ext3");
        String cite = (n = Fields.value(e, "cite")) == null ? null : v.nonEmpty(n, "finding cite");
        String metric = (n = Fields.value(e, "metric")) == null ? null : v.nonEmpty(n, "finding metric");
        String step = (n = Fields.value(e, "step")) == null ? null : v.nonEmpty(n, "finding step");
        String filesystem = (n = Fields.value(e, "filesystem")) == null ? null : v.nonEmpty(n, "finding filesystem");
        String dataset = (n = Fields.value(e, "dataset")) == null ? null : v.nonEmpty(n, "finding dataset");
        boolean sided = sided(node, e);
        Map<String, Location> keysAt = locations(e);
        Map<String, String> cell = (n = Fields.value(e, "cell")) == null ? Map.of() : cell(n, keysAt);
        Says says = says(node, e, keysAt);
        Double tolerance = (n = Fields.value(e, "tolerance")) == null
                ? Double.valueOf(defaultTolerance)
                : numbers.tolerance(n, "finding tolerance");
        Double minScale = (n = Fields.value(e, "min_scale")) == null ? Double.valueOf(0) : minScale(n);
        Finding.Explanation explanation = (n = Fields.value(e, "explanation")) == null ? null : explanation(n);
        if (id == null
                || cite == null
                || metric == null
                || says == null
                || tolerance == null
                || minScale == null
                || !sided) {
            return null;
        }
        return new Finding(
                id,
                cite,
                step,
                filesystem,
                dataset,
                cell,
                metric,
                says.numerator(),
                says.denominator(),
                says.figures(),
                says.ratio(),
                says.higher(),
                tolerance,
                minScale,
                explanation,
                f.at(node),
                keysAt);
    }

    // step: (filesystems compared) or filesystem: (steps compared), one of them
    private boolean sided(Node node, Map<String, NodeTuple> e) {
        if (!e.containsKey("step") && !e.containsKey("filesystem")) {
            f.error(
                    node,
                    "a finding needs 'step' (the step whose filesystems it compares), or 'filesystem' (the "
                            + "filesystem whose two steps it compares)");
            return false;
        }
        if (e.containsKey("step") && e.containsKey("filesystem")) {
            f.error(
                    Fields.value(e, "filesystem"),
                    "a finding compares the filesystems of one step (step:) or two "
                            + "steps of one filesystem (filesystem:), not both: remove one");
            return false;
        }
        return true;
    }

    private Map<String, Location> locations(Map<String, NodeTuple> e) {
        Map<String, Location> keysAt = new LinkedHashMap<>();
        for (String key : List.of("step", "filesystem", "dataset", "metric")) {
            Node n = Fields.value(e, key);
            if (n != null) {
                keysAt.put(key, f.at(n));
            }
        }
        return keysAt;
    }

    private Says says(Node node, Map<String, NodeTuple> e, Map<String, Location> keysAt) {
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
        int[] lines = new int[2];
        int i = 0;
        for (NodeTuple t : e.values()) {
            String key = ((ScalarNode) t.getKeyNode()).getValue();
            keys.add(key);
            keysAt.put("side." + key, f.at(t.getKeyNode()));
            Double value = figure(t.getValueNode(), "figure of '" + key + "'", lines, i);
            if (value == null) {
                return null;
            }
            values[i++] = value;
        }
        return new Says(
                keys.get(0),
                keys.get(1),
                new Finding.Figures(values[0], lines[0], values[1], lines[1]),
                values[0] / values[1],
                values[0] > values[1]);
    }

    private Double figure(Node node, String what, int[] lines, int i) {
        if (node instanceof ScalarNode) {
            return numbers.positive(node, what);
        }
        Map<String, NodeTuple> e = f.entries(node, what, List.of("value", "line"));
        if (e == null) {
            return null;
        }
        f.require(e, node, what, "value");
        Node n;
        Long line =
                (n = Fields.value(e, "line")) == null ? Long.valueOf(0) : v.integer(n, what + " line", 1, 10_000_000);
        lines[i] = line == null ? 0 : line.intValue();
        return (n = Fields.value(e, "value")) == null || line == null ? null : numbers.positive(n, what + " value");
    }

    // claim: { of, to, is: lower|higher } or ratio: { of, to, value }
    private Says stated(Node node, Map<String, Location> keysAt, boolean claim) {
        String what = claim ? "finding claim" : "finding ratio";
        String third = claim ? "is" : "value";
        Map<String, NodeTuple> e = f.entries(node, what, List.of("of", "to", third));
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
        return ratio == null ? null : new Says(of, to, null, ratio, ratio > 1);
    }

    private Map<String, String> cell(Node node, Map<String, Location> keysAt) {
        Map<String, String> out = new LinkedHashMap<>();
        Map<String, NodeTuple> e = f.entries(node, "finding cell", null);
        if (e != null) {
            e.forEach((axis, t) -> {
                String value = v.nonEmpty(t.getValueNode(), "finding cell '" + axis + "'");
                if (value != null) {
                    out.put(axis, value);
                    keysAt.put("cell." + axis, f.at(t.getKeyNode()));
                }
            });
        }
        return out;
    }

    private Double minScale(Node node) {
        Double d = numbers.number(node, "finding min_scale");
        if (d != null && !(d > 0 && d <= 1)) {
            f.error(
                    node,
                    "finding min_scale is " + SourceReader.Numbers.plain(d) + ": it must be above 0 and at "
                            + "most 1 (the smallest --scale at which the finding means something)");
            return null;
        }
        return d;
    }

    private Finding.Explanation explanation(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "finding explanation", List.of("text", "cite"));
        if (e == null) {
            return null;
        }
        f.require(e, node, "finding explanation", "text", "cite");
        Node n;
        String text = (n = Fields.value(e, "text")) == null ? null : v.nonEmpty(n, "finding explanation text");
        String cite = (n = Fields.value(e, "cite")) == null ? null : v.nonEmpty(n, "finding explanation cite");
        return text == null || cite == null ? null : new Finding.Explanation(text, cite);
    }
}
