package org.fsflow.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.fsflow.lang.ByteSize;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Defaults;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Matrix;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * Expands a scenario into its execution graph: device set-up, one dataset node per dataset used,
 * then matrix x repeat x steps in the scenario's order, then teardown. Every step depends on the
 * node before it (one measured process at a time on a shared device) and on its dataset.
 */
public final class Planner {

    private Planner() {}

    /**
     * Plans {@code scenario} with outputs in {@code layout}; {@code seed} orders a shuffled
     * campaign. It does not seed datasets: a dataset takes its own seed, else the scenario's, else
     * 0 (see {@link #datasetSeed}), never a seed drawn for the order, so its bytes stay reproducible.
     */
    public static Plan plan(Scenario scenario, Layout layout, long seed) {
        List<Cell> cells = cells(scenario.matrix());
        List<PlanNode> nodes = new ArrayList<>();
        for (Device d : scenario.devices().values()) {
            nodes.add(new PlanNode(
                    "setup/" + d.name(),
                    PlanNode.Kind.SETUP,
                    null,
                    0,
                    null,
                    d.name(),
                    setup(scenario, layout, d),
                    null,
                    null,
                    after(nodes),
                    scenario.scale()));
        }
        java.util.Set<String> datasetNodes = datasetNodes(scenario, layout, cells, nodes);
        Map<String, Bindings> byCell = new java.util.HashMap<>();
        for (Unit unit : units(scenario, cells, seed)) {
            Scenario at = scenario.forCell(unit.cell().coordinates());
            Bindings cellBindings = byCell.computeIfAbsent(
                    unit.cell().id(), id -> new Bindings(at, layout, unit.cell(), 0, null, null));
            String datasetNode = unit.cell().dataset() == null
                    ? null
                    : datasetNodeId(at, unit.cell().dataset());
            datasetNode = datasetNodes.contains(datasetNode) ? datasetNode : null;
            nodes.addAll(unitNodes(at, cellBindings, unit.cell(), unit.repeat(), last(nodes), datasetNode));
        }
        List<Device> reversed = new ArrayList<>(scenario.devices().values());
        Collections.reverse(reversed);
        for (Device d : reversed) {
            nodes.add(new PlanNode(
                    "teardown/" + d.name(),
                    PlanNode.Kind.TEARDOWN,
                    null,
                    0,
                    null,
                    d.name(),
                    teardown(layout, d),
                    null,
                    null,
                    after(nodes),
                    scenario.scale()));
        }
        return new Plan(scenario, layout, seed, cells, List.copyOf(nodes));
    }

    // one dataset node per dataset used and scale it is needed at, appended to `nodes`; their ids
    private static java.util.Set<String> datasetNodes(
            Scenario scenario, Layout layout, List<Cell> cells, List<PlanNode> nodes) {
        java.util.Set<String> datasetNodes = new java.util.HashSet<>();
        for (String name : scenario.usedDatasets()) {
            for (Scenario at : scalesOf(scenario, cells, name)) {
                Dataset d = at.datasets().get(name);
                String id = datasetNodeId(at, name);
                nodes.add(new PlanNode(
                        id,
                        PlanNode.Kind.DATASET,
                        null,
                        0,
                        null,
                        d.name(),
                        describe(at, layout, d),
                        null,
                        null,
                        after(nodes),
                        at.scale()));
                datasetNodes.add(id);
            }
        }
        return datasetNodes;
    }

    /**
     * The id of the node that makes dataset {@code name} at {@code at}'s scale: {@code dataset/test3}
     * at the host's scale, {@code dataset/test3@0.05} at another.
     */
    public static String datasetNodeId(Scenario at, String name) {
        return "dataset/" + name + (at.scaling().ownDatasets() ? "@" + Scales.plain(at.scale()) : "");
    }

    // the scenario at each scale dataset `name` is needed at, in the order of the cells needing it
    private static java.util.Collection<Scenario> scalesOf(Scenario s, List<Cell> cells, String name) {
        boolean onAxis = s.matrix().has(Matrix.DATASET)
                && s.matrix().axes().get(Matrix.DATASET).stream()
                        .anyMatch(v -> v.value().equals(name));
        Map<Double, Scenario> out = new LinkedHashMap<>();
        for (Cell c : cells) {
            if (!onAxis || name.equals(c.dataset())) {
                Scenario at = s.forCell(c.coordinates());
                out.putIfAbsent(at.scale(), at);
            }
        }
        if (out.isEmpty()) {
            out.put(s.scale(), s);
        }
        return out.values();
    }

    /** The id of the last node planned so far, or null. */
    private static String last(List<PlanNode> nodes) {
        return nodes.isEmpty() ? null : nodes.get(nodes.size() - 1).id();
    }

    /** A dependency on the last node planned so far, if any. */
    private static List<String> after(List<PlanNode> nodes) {
        return nodes.isEmpty() ? List.of() : List.of(last(nodes));
    }

    /**
     * The step nodes of repetition {@code repeat} of {@code cell}, after node {@code previous}
     * (and dataset node {@code datasetNode}, if any), each holding its {@link ResolvedStep}.
     */
    static List<PlanNode> unitNodes(
            Scenario scenario, Bindings cellBindings, Cell cell, int repeat, String previous, String datasetNode) {
        List<PlanNode> nodes = new ArrayList<>(scenario.steps().size());
        Bindings unit = cellBindings.forRepeat(repeat);
        String last = previous;
        for (Step step : scenario.steps()) {
            ResolvedStep resolved = StepResolver.resolve(scenario, unit.forStep(step.name()), step);
            List<String> deps = new ArrayList<>(2);
            if (last != null) {
                deps.add(last);
            }
            if (nodes.isEmpty() && datasetNode != null && !datasetNode.equals(last)) {
                deps.add(datasetNode);
            }
            String id = cell.nodeId(repeat, step.name());
            nodes.add(StepResolver.node(scenario, id, cell, repeat, resolved, List.copyOf(deps)));
            last = id;
        }
        return nodes;
    }

    /**
     * The step nodes of repetition {@code repeat} of {@code cell} that an adaptive {@code repeat:}
     * adds to {@code plan} while it runs: planned as every other repetition, after its dataset node.
     */
    public static List<PlanNode> extraUnit(Plan plan, Cell cell, int repeat) {
        Scenario at = plan.scenario().forCell(cell.coordinates());
        String datasetNode = cell.dataset() == null ? null : datasetNodeId(at, cell.dataset());
        return unitNodes(at, new Bindings(at, plan.layout(), cell, 0, null, null), cell, repeat, null, datasetNode);
    }

    /** One repetition of one cell: the unit that order: arranges. */
    record Unit(Cell cell, int repeat) {}

    static List<Unit> units(Scenario scenario, List<Cell> cells, long seed) {
        // warm-up repetitions come first, numbered like the others (r1 ...), and are marked in results
        int repeats = scenario.warmup() + scenario.repeat().min();
        List<Unit> units = new ArrayList<>(cells.size() * repeats);
        if (scenario.order() == Scenario.Order.SEQUENTIAL) {
            for (Cell c : cells) {
                for (int r = 1; r <= repeats; r++) {
                    units.add(new Unit(c, r));
                }
            }
            return units;
        }
        for (int r = 1; r <= repeats; r++) {
            List<Cell> round = scenario.order() == Scenario.Order.ROUNDS ? roundOrder(scenario, cells, seed, r) : cells;
            for (Cell c : round) {
                units.add(new Unit(c, r));
            }
        }
        if (scenario.order() == Scenario.Order.SHUFFLED) {
            // java.util.Random's sequence is specified, so the same seed gives the same order anywhere
            Collections.shuffle(units, new Random(seed));
        }
        return units;
    }

    /**
     * The order of round {@code round}'s cells: shuffled with a generator seeded from {@code seed}
     * and the round, then the cells of one place (the host, a guest's kernel) brought together where
     * the first of them fell, so that a reused guest boots once a round.
     */
    public static List<Cell> roundOrder(Scenario scenario, List<Cell> cells, long seed, int round) {
        List<Cell> shuffled = new ArrayList<>(cells);
        // java.util.Random's sequence is specified, so the same seed gives the same order anywhere
        Collections.shuffle(shuffled, new Random(seed * 1_000_003L + round));
        Map<String, List<Cell>> byPlace = new LinkedHashMap<>();
        for (Cell c : shuffled) {
            byPlace.computeIfAbsent(scenario.kernelOf(c.coordinates()).name(), k -> new ArrayList<>())
                    .add(c);
        }
        return byPlace.values().stream().flatMap(List::stream).toList();
    }

    static List<Cell> cells(Matrix matrix) {
        List<Cell> cells = new ArrayList<>();
        cells.add(new Cell("", Map.of()));
        for (Map.Entry<String, List<Matrix.Value>> axis : matrix.axes().entrySet()) {
            List<Cell> next = new ArrayList<>(cells.size() * axis.getValue().size());
            for (Cell c : cells) {
                for (Matrix.Value v : axis.getValue()) {
                    Map<String, String> coords = new LinkedHashMap<>(c.coordinates());
                    coords.put(axis.getKey(), v.value());
                    next.add(new Cell(
                            c.id().isEmpty() ? v.value() : c.id() + "/" + v.value(),
                            Collections.unmodifiableMap(coords)));
                }
            }
            cells = next;
        }
        return List.copyOf(cells);
    }

    private static String setup(Scenario s, Layout layout, Device d) {
        String mnt = layout.mountPoint(d).toString();
        boolean stepsMount = s.steps().stream()
                .anyMatch(st -> st.action() == Step.Action.MOUNT && st.device().equals(d.name()));
        Filesystem fs = StepCommand.filesystem(s, d, null);
        String prepare = stepsMount || fs == null ? "" : ", mkfs." + fs.type() + ", mount on " + mnt;
        if (d instanceof Device.Loop l) {
            return "attach loop image " + layout.image(l) + " (sparse, " + ByteSize.format(l.sizeBytes()) + ")"
                    + prepare;
        }
        if (d instanceof Device.Block b) {
            return "check " + b.path() + " (not mounted, not swap, not root, no holders; destroy: true)" + prepare;
        }
        if (d instanceof Device.Tmpfs t) {
            return stepsMount
                    ? "tmpfs, mounted by the steps on " + mnt
                    : "mount tmpfs" + (t.sizeBytes() > 0 ? " (" + ByteSize.format(t.sizeBytes()) + ")" : "") + " on "
                            + mnt;
        }
        return "use directory " + mnt;
    }

    private static String describe(Scenario s, Layout layout, Dataset d) {
        if (d.existing() != null) {
            return "use existing tree " + d.existing();
        }
        String size = d.size() instanceof Dataset.SizeSpec.Fixed f
                ? ByteSize.format(f.bytes())
                : d.size() instanceof Dataset.SizeSpec.LogUniform u
                        ? ByteSize.format(u.min()) + " to " + ByteSize.format(u.max()) + " (log-uniform)"
                        : d.size() instanceof Dataset.SizeSpec.LogNormal l
                                ? "median " + ByteSize.format(l.median()) + " (lognormal, Pareto tail)"
                                : "weighted sizes";
        return "generate " + d.fileCount() + (d.fileCount() == 1 ? " file of " : " files of ") + size
                + (d.depth() == 0 ? " in the root" : " in " + d.leafDirs() + (d.leafDirs() == 1 ? " dir" : " dirs"))
                + ", about "
                + ByteSize.format(d.expectedBytes()) + ", "
                + d.content().kind().name().toLowerCase(java.util.Locale.ROOT)
                + " content, seed " + datasetSeed(s, d) + " -> " + layout.dataset(s, d)
                + (d.archive() ? ", and its tar archive " + layout.archive(layout.dataset(s, d)) : "");
    }

    /** A dataset's seed: its own, else the scenario's, else 0, so datasets are reproducible by default. */
    public static long datasetSeed(Scenario s, Dataset d) {
        return d.seed() != null ? d.seed() : s.seed() != null ? s.seed() : Defaults.DATASET_SEED;
    }

    private static String teardown(Layout layout, Device d) {
        if (d instanceof Device.Loop l) {
            return "unmount " + layout.mountPoint(d) + " if mounted, detach loop device, remove " + layout.image(l)
                    + " if fsflow created it";
        }
        if (d instanceof Device.Dir) {
            return "nothing to release";
        }
        return "unmount " + layout.mountPoint(d) + " if mounted";
    }
}
