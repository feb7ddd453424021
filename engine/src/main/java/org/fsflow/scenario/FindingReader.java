package org.fsflow.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/** Reads one item of {@code source: findings:} into a {@link Finding}, recording every problem. */
record FindingReader(Fields f, Scalars v, SourceReader numbers, double defaultTolerance) {

    static final List<String> KEYS = List.of(
            "id",
            "cite",
            "across",
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

    /** What the source says of the two sides. */
    Finding read(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "a finding", KEYS);
        if (e == null) {
            return null;
        }
        f.require(e, node, "a finding", "id", "cite");
        Node n;
        String across = across(node, e);
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
        String dataset = (n = Fields.value(e, "dataset")) == null ? null : v.nonEmpty(n, "finding dataset");
        Map<String, Location> keysAt = locations(e);
        Map<String, String> cell = (n = Fields.value(e, "cell")) == null ? Map.of() : cell(n, keysAt);
        String filesystem = (n = Fields.value(e, "filesystem")) == null ? null : v.nonEmpty(n, "finding filesystem");
        if (filesystem == null && cell.containsKey(Matrix.FILESYSTEM) && !"filesystem".equals(across)) {
            filesystem = cell.get(Matrix.FILESYSTEM); // cell: { filesystem: X } pins it like filesystem: X
            keysAt.put("filesystem", keysAt.get("cell." + Matrix.FILESYSTEM));
            cell = without(cell, Matrix.FILESYSTEM);
        }
        FindingSays.Says says = new FindingSays(f, v, numbers).read(node, e, keysAt);
        Double tolerance = (n = Fields.value(e, "tolerance")) == null
                ? Double.valueOf(defaultTolerance)
                : numbers.tolerance(n, "finding tolerance");
        Double minScale = (n = Fields.value(e, "min_scale")) == null ? Double.valueOf(0) : minScale(n);
        Finding.Explanation explanation = (n = Fields.value(e, "explanation")) == null ? null : explanation(n);
        if (id == null || cite == null || across == null || says == null || tolerance == null || minScale == null) {
            return null;
        }
        return new Finding(
                id,
                cite,
                across,
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

    // across: what the sides differ in; the key of that axis is then absent, the others required
    private String across(Node node, Map<String, NodeTuple> e) {
        Node n = Fields.value(e, "across");
        String across = n != null
                ? v.choice(n, "finding across", Finding.ACROSS)
                : e.containsKey("filesystem") && !e.containsKey("step") ? "step" : "filesystem";
        if (across == null) {
            return null;
        }
        boolean ok = true;
        for (String key : List.of("filesystem", "step", "metric", "dataset")) {
            if (key.equals(across) && e.containsKey(key)) {
                f.error(
                        Fields.value(e, key),
                        "a finding across " + across + " compares two " + across
                                + " values, keyed in its figures (or of/to): remove '" + key + ":'");
                ok = false;
            } else if (!key.equals(across) && (key.equals("step") || key.equals("metric")) && !e.containsKey(key)) {
                // through require: a misspelt key already reported with its did-you-mean is not missing too
                f.require(e, node, across.equals("filesystem") ? "a finding" : "a finding across " + across, key);
                ok = false;
            }
        }
        return ok ? across : null;
    }

    private static Map<String, String> without(Map<String, String> cell, String axis) {
        Map<String, String> out = new LinkedHashMap<>(cell);
        out.remove(axis);
        return out;
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
