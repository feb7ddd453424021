package org.fsflow.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.fsflow.lang.SourceText;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Turns a YAML node tree into a {@link Scenario}: the first validation layer. Every key, type,
 * unit and range is checked here, and every problem recorded with its location; cross references
 * are checked afterwards by {@link ScenarioValidator}.
 */
final class ScenarioReader {

    static final List<String> TOP_KEYS = List.of(
            "fsflow",
            "name",
            "title",
            "source",
            "description",
            "params",
            "devices",
            "filesystems",
            "datasets",
            "matrix",
            "repeat",
            "order",
            "seed",
            "on_error",
            "timeout",
            "steps",
            "memory",
            "warmup",
            "kernels",
            "crash",
            "aging",
            "vm",
            "baseline",
            "quiet");
    static final int MAX_REPEAT = 1000;

    private final Fields f;
    private final Scalars v;
    private final SourceText source;

    ScenarioReader(SourceText source, Problems problems) {
        this.source = source;
        this.f = new Fields(source.path(), problems);
        this.v = new Scalars(f);
    }

    Scenario read(Node root) {
        Map<String, NodeTuple> top = f.entries(root, "the scenario", TOP_KEYS);
        if (top == null) {
            return null;
        }
        required(top, root);
        Node n; // params first: every other string may use ${params.NAME}
        Map<String, Scenario.Param> params = new ParamReader(f, v).params(Fields.value(top, "params"));
        f.useParams(params);
        int version = version(top);
        String name = (n = Fields.value(top, "name")) == null ? null : v.name(n, "name", Scalars.ID, Scalars.ID_RULE);
        SourceSection section = (n = Fields.value(top, "source")) == null ? null : new SourceReader(f, v).read(n);
        Map<String, Device> devices =
                (n = Fields.value(top, "devices")) == null ? Map.of() : new DeviceReader(f, v).devices(n);
        Map<String, Filesystem> filesystems =
                (n = Fields.value(top, "filesystems")) == null ? Map.of() : new FilesystemReader(f, v).filesystems(n);
        Map<String, Dataset> datasets =
                (n = Fields.value(top, "datasets")) == null ? Map.of() : new DatasetReader(f, v).datasets(n);
        Matrix matrix = (n = Fields.value(top, "matrix")) == null ? new Matrix(Map.of()) : matrix(n);
        Repeat repeat = repeatOf(top);
        Scenario.Order order = order(top);
        Long seed = (n = Fields.value(top, "seed")) == null ? null : v.integer(n, "seed", 0, Long.MAX_VALUE);
        Scenario.OnError onError = (n = Fields.value(top, "on_error")) == null ? Defaults.ON_ERROR : v.onError(n);
        Duration timeout = (n = Fields.value(top, "timeout")) == null ? null : v.duration(n, "timeout");
        BudgetReader memory = new BudgetReader(f, v);
        List<Step> steps = (n = Fields.value(top, "steps")) == null ? List.of() : new StepReader(f, v, memory).steps(n);
        MemoryBudget budget = (n = Fields.value(top, "memory")) == null
                ? MemoryBudget.none(Location.of(source.path(), 1, 1))
                : memory.scenarioBudget(n);
        Long warmup = (n = Fields.value(top, "warmup")) == null ? null : v.integer(n, "warmup", 0, MAX_REPEAT);
        return new Scenario(
                source,
                version,
                name,
                optionalText(top, "title"),
                section == null ? null : section.title(),
                section,
                optionalText(top, "description"),
                params,
                devices,
                filesystems,
                datasets,
                matrix,
                repeat,
                order,
                seed,
                onError,
                timeout,
                steps,
                budget,
                warmup == null ? 0 : warmup.intValue(),
                null,
                (n = Fields.value(top, "kernels")) == null ? Map.of() : new KernelReader(f, v).read(n),
                Scaling.NONE,
                (n = Fields.value(top, "crash")) == null ? null : new CrashReader(f, v).read(n),
                (n = Fields.value(top, "aging")) == null ? null : new AgingReader(f, v).read(n),
                (n = Fields.value(top, "vm")) == null ? VmSettings.DEFAULT : vm(n),
                baseline(top),
                (n = Fields.value(top, "quiet")) == null ? Quiet.NONE : quiet(n));
    }

    // quiet: { wait: DURATION, retake: N }
    private Quiet quiet(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "quiet", List.of("wait", "retake"));
        Node n = e == null ? null : Fields.value(e, "wait");
        Duration wait = n == null ? null : v.duration(n, "quiet: wait");
        n = e == null ? null : Fields.value(e, "retake");
        Long retake = n == null ? null : v.integer(n, "quiet: retake", 0, Quiet.MAX_RETAKE);
        return new Quiet(wait == null ? Duration.ZERO : wait, retake == null ? 0 : retake.intValue());
    }

    // vm: { reuse: BOOL }
    private VmSettings vm(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "vm", List.of("reuse"));
        Node n = e == null ? null : Fields.value(e, "reuse");
        Boolean reuse = n == null ? null : v.bool(n, "vm: reuse");
        return new VmSettings(reuse == null ? Defaults.VM_REUSE : reuse);
    }

    // baseline: BOOL, whether the disk under the loop images is measured before the first cell
    private boolean baseline(Map<String, NodeTuple> top) {
        Node n = Fields.value(top, "baseline");
        Boolean b = n == null ? null : v.bool(n, "baseline");
        return b == null ? Defaults.BASELINE : b;
    }

    // a scenario of crash cells alone needs no devices nor steps
    private void required(Map<String, NodeTuple> top, Node root) {
        f.require(top, root, "a scenario", "fsflow", "name");
        if (!top.containsKey("crash")) {
            f.require(top, root, "a scenario", "devices", "steps");
        }
    }

    // the language version: only the one this fsflow speaks
    private int version(Map<String, NodeTuple> top) {
        Node n = Fields.value(top, "fsflow");
        if (n != null) {
            Long written = v.integer(n, "fsflow (the language version)", 1, Long.MAX_VALUE);
            if (written != null && written != Versions.LANGUAGE) {
                f.error(
                        n,
                        "language version " + written + " is not supported by this fsflow: write 'fsflow: "
                                + Versions.LANGUAGE + "'");
            }
        }
        return Versions.LANGUAGE;
    }

    private Scenario.Order order(Map<String, NodeTuple> top) {
        Node n = Fields.value(top, "order");
        String o = n == null ? null : v.choice(n, "order", List.of("sequential", "interleaved", "shuffled", "rounds"));
        return o == null ? Defaults.ORDER : Scenario.Order.valueOf(o.toUpperCase(Locale.ROOT));
    }

    private Repeat repeatOf(Map<String, NodeTuple> top) {
        Node n = Fields.value(top, "repeat");
        return n == null ? Repeat.times(Defaults.REPEAT, Location.of(source.path(), 1, 1)) : repeat(n);
    }

    private String optionalText(Map<String, NodeTuple> entries, String key) {
        Node n = Fields.value(entries, key);
        return n == null ? null : f.text(n, key);
    }

    private Matrix matrix(Node node) {
        Map<String, List<Matrix.Value>> axes = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "matrix", null);
        if (entries == null) {
            return new Matrix(axes);
        }
        for (NodeTuple t : entries.values()) {
            String axis = f.key(t.getKeyNode(), "matrix axis", Scalars.VAR_ID, Scalars.VAR_ID_RULE);
            Node list = t.getValueNode();
            List<Node> items = list instanceof SequenceNode seq ? seq.getValue() : List.of(list);
            if (items.isEmpty()) {
                f.error(list, "matrix axis '" + axis + "' has no values: list at least one");
                continue;
            }
            List<Matrix.Value> values = new ArrayList<>();
            for (Node item : items) {
                String value = v.name(item, "matrix value", Scalars.ID, Scalars.ID_RULE + " (it is part of node ids)");
                if (value == null) {
                    continue;
                }
                if (values.stream().anyMatch(x -> x.value().equals(value))) {
                    f.error(item, "matrix axis '" + axis + "' lists '" + value + "' twice: use repeat for repetitions");
                    continue;
                }
                values.add(new Matrix.Value(value, f.at(item)));
            }
            if (axis != null) {
                axes.put(axis, List.copyOf(values));
            }
        }
        return new Matrix(axes);
    }

    private Repeat repeat(Node node) {
        Location where = f.at(node);
        if (node instanceof MappingNode) {
            Map<String, NodeTuple> e =
                    f.entries(node, "repeat", List.of("min", "max", "target_cv", "precision", "budget"));
            if (e == null) {
                return null;
            }
            f.require(e, node, "repeat", "min", "max");
            Node n;
            Long min = (n = Fields.value(e, "min")) == null ? null : v.integer(n, "repeat min", 1, MAX_REPEAT);
            Long max = (n = Fields.value(e, "max")) == null ? null : v.integer(n, "repeat max", 1, MAX_REPEAT);
            Double cv =
                    (n = Fields.value(e, "target_cv")) == null ? Double.valueOf(0) : v.fraction(n, "repeat target_cv");
            Double precision =
                    (n = Fields.value(e, "precision")) == null ? Double.valueOf(0) : v.fraction(n, "repeat precision");
            Node budgetNode = Fields.value(e, "budget");
            Duration budget = budgetNode == null ? null : v.duration(budgetNode, "repeat budget");
            if (min == null
                    || max == null
                    || cv == null
                    || precision == null
                    || (budgetNode != null && budget == null)) {
                return null;
            }
            if (min > max) {
                f.error(node, "repeat min (" + min + ") is above max (" + max + ")");
                return null;
            }
            if (budget != null && cv == 0 && precision == 0) {
                f.error(
                        budgetNode,
                        "repeat budget bounds the repetitions added for a precision or a target_cv:"
                                + " give one of them, or remove the budget");
                return null;
            }
            return new Repeat(min.intValue(), max.intValue(), cv, precision, budget, where);
        }
        Long n = v.integer(node, "repeat", 1, MAX_REPEAT);
        return n == null ? null : Repeat.times(n.intValue(), where);
    }
}
