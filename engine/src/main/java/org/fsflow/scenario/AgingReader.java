package org.fsflow.scenario;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.ByteSize;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Reads {@code aging:} ({@link Aging}) and the lognormal size with a Pareto tail ({@code size: { median: ... }}). */
record AgingReader(Fields f, Scalars v) {

    static final List<String> KEYS = List.of("fullness", "rounds", "mix", "size", "dirs", "cpu", "seed", "device");
    static final List<String> LOGNORMAL_KEYS = List.of("median", "sigma", "tail", "alpha", "max");
    /** The default mix: creates and deletes dominate, as in a working tree; every operation present. */
    static final Map<Aging.Op, Double> DEFAULT_MIX = Map.of(
            Aging.Op.CREATE,
            4.0,
            Aging.Op.DELETE,
            3.0,
            Aging.Op.APPEND,
            1.0,
            Aging.Op.OVERWRITE,
            1.0,
            Aging.Op.RENAME,
            1.0);

    static final Dataset.SizeSpec DEFAULT_SIZE = new Dataset.SizeSpec.LogNormal(16 << 10, 1.5, 0.03, 1.3, 64L << 20);
    private static final double MAX_FULLNESS = 0.95;

    static boolean isKey(NodeTuple t, String key) {
        return t.getKeyNode() instanceof ScalarNode s && key.equals(s.getValue());
    }

    Aging read(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "aging", KEYS);
        if (e == null) {
            return null;
        }
        f.require(e, node, "aging", "fullness", "rounds");
        Node n;
        Double fullness = (n = Fields.value(e, "fullness")) == null ? null : v.fraction(n, "aging fullness");
        if (fullness != null && fullness > MAX_FULLNESS) {
            f.error(n, "aging fullness above 95% leaves the allocator no choice: write at most 95%");
            fullness = null;
        }
        Double rounds = (n = Fields.value(e, "rounds")) == null ? null : number(n, "aging rounds", 0, 1000);
        Map<Aging.Op, Double> mix = (n = Fields.value(e, "mix")) == null ? DEFAULT_MIX : mix(n);
        Dataset.SizeSpec size = (n = Fields.value(e, "size")) == null
                ? DEFAULT_SIZE
                : new DatasetReader(f, v).sizeSpec(n, "aging size");
        Long dirs = (n = Fields.value(e, "dirs")) == null ? Long.valueOf(16) : v.integer(n, "aging dirs", 1, 100_000);
        Long cpu = (n = Fields.value(e, "cpu")) == null ? Long.valueOf(0) : v.integer(n, "aging cpu", 0, 4095);
        Long seed = (n = Fields.value(e, "seed")) == null ? null : v.integer(n, "aging seed", 0, Long.MAX_VALUE);
        String device = (n = Fields.value(e, "device")) == null
                ? Scenario.TARGET
                : v.name(n, "aging device", Scalars.ID, Scalars.ID_RULE);
        if (fullness == null
                || rounds == null
                || mix == null
                || size == null
                || dirs == null
                || cpu == null
                || device == null) {
            return null;
        }
        return new Aging(device, fullness, rounds, mix, size, dirs.intValue(), cpu.intValue(), seed, f.at(node));
    }

    private Map<Aging.Op, Double> mix(Node node) {
        List<String> keys =
                java.util.Arrays.stream(Aging.Op.values()).map(Aging.Op::key).toList();
        Map<String, NodeTuple> e = f.entries(node, "aging mix", keys);
        if (e == null) {
            return null;
        }
        Map<Aging.Op, Double> mix = new EnumMap<>(Aging.Op.class);
        boolean ok = true;
        for (Aging.Op op : Aging.Op.values()) {
            Node n = Fields.value(e, op.key());
            Double w = n == null ? Double.valueOf(0) : number(n, "aging mix " + op.key(), 0, 1e6);
            ok &= w != null;
            mix.put(op, w == null ? 0 : w);
        }
        if (ok && mix.get(Aging.Op.CREATE) <= 0) {
            f.error(node, "aging mix needs a create weight above 0: nothing else adds files");
            return null;
        }
        if (ok && mix.get(Aging.Op.DELETE) <= 0) {
            f.error(node, "aging mix needs a delete weight above 0: without deletes the fullness cannot be held");
            return null;
        }
        return ok ? Map.copyOf(mix) : null;
    }

    /** {@code size: { median, sigma, tail, alpha, max }}. */
    Dataset.SizeSpec logNormal(Node node, String what) {
        Map<String, NodeTuple> e = f.entries(node, what, LOGNORMAL_KEYS);
        if (e == null) {
            return null;
        }
        f.require(e, node, what, "median", "sigma");
        Node n;
        Long median = (n = Fields.value(e, "median")) == null
                ? null
                : v.size(n, what + " median", 1, DatasetReader.MAX_FILE_BYTES);
        Double sigma = (n = Fields.value(e, "sigma")) == null ? null : number(n, what + " sigma", 0, 5);
        Double tail = (n = Fields.value(e, "tail")) == null ? Double.valueOf(0) : v.fraction(n, what + " tail");
        Double alpha = (n = Fields.value(e, "alpha")) == null ? Double.valueOf(1.5) : number(n, what + " alpha", 0, 10);
        if (alpha != null && alpha == 0) {
            f.error(
                    n,
                    what + " alpha is 0: a Pareto tail of shape 0 has no bound; give a shape above 0 (1.5 by default)");
            alpha = null;
        }
        Long max = (n = Fields.value(e, "max")) == null
                ? Long.valueOf(1L << 30)
                : v.size(n, what + " max", 1, DatasetReader.MAX_FILE_BYTES);
        if (median == null || sigma == null || tail == null || alpha == null || max == null) {
            return null;
        }
        if (median > max) {
            f.error(
                    node,
                    what + " median (" + ByteSize.format(median) + ") is above max (" + ByteSize.format(max) + ")");
            return null;
        }
        return new Dataset.SizeSpec.LogNormal(median, sigma, tail, alpha, max);
    }

    // a number in [min, max]
    private Double number(Node node, String what, double min, double max) {
        String s = f.text(node, what);
        if (s == null) {
            return null;
        }
        try {
            double x = Double.parseDouble(s.trim());
            if (x >= min && x <= max && Double.isFinite(x)) {
                return x;
            }
        } catch (NumberFormatException ex) {
            // reported below
        }
        f.error(node, what + " '" + s + "' must be a number from " + fmt(min) + " to " + fmt(max));
        return null;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
