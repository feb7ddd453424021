package org.fsflow.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Problems;

/**
 * The references of a source's findings, checked against what a campaign has: steps, the values
 * of its matrix axes, the metrics of each step and the place (kernel) of each cell. A scenario is
 * checked against itself; a run directory, when {@code --source} brings findings from another
 * file, against what the run stored. Both sides of a finding must be cells of one place: a host
 * cell against a VM cell would compare the kernels and the emulation, not the filesystems.
 */
public final class FindingChecker {

    /**
     * What the findings may name.
     *
     * @param what     "the scenario" or "the run", for messages
     * @param steps    step names
     * @param axes     every matrix axis (filesystem and dataset included) with its values
     * @param metric   whether a step records a metric
     * @param placeOf  the place of a cell (its coordinates): "host", or the kernel it runs under
     */
    public record Names(
            String what,
            List<String> steps,
            Map<String, List<String>> axes,
            BiPredicate<String, String> metric,
            Function<Map<String, String>, String> placeOf) {}

    private final Names names;
    private final Problems problems;

    private FindingChecker(Names names, Problems problems) {
        this.names = names;
        this.problems = problems;
    }

    /** What {@code s} lets its findings name. */
    public static Names of(Scenario s) {
        Map<String, List<String>> axes = new LinkedHashMap<>();
        s.matrix()
                .axes()
                .forEach((axis, values) ->
                        axes.put(axis, values.stream().map(Matrix.Value::value).toList()));
        // declared, not only in the matrix: --set filesystem=xfs narrows the matrix, and a finding
        // about ext3 is then inconclusive (missing cell), not invalid
        if (axes.containsKey(Matrix.FILESYSTEM)) {
            axes.put(Matrix.FILESYSTEM, List.copyOf(s.filesystems().keySet()));
        }
        if (axes.containsKey(Matrix.DATASET)) {
            axes.put(Matrix.DATASET, List.copyOf(s.datasets().keySet()));
        }
        Map<String, Step> steps = new LinkedHashMap<>();
        s.steps().forEach(st -> steps.put(st.name(), st));
        return new Names(
                "the scenario",
                List.copyOf(steps.keySet()),
                axes,
                (step, metric) -> steps.containsKey(step) && FindingMetrics.recorded(steps.get(step), metric),
                cell -> s.kernelOf(cell) instanceof KernelSpec.Host ? "the host" : "kernel " + kernelName(s, cell));
    }

    private static String kernelName(Scenario s, Map<String, String> cell) {
        String axis = cell.get(KernelReader.AXIS);
        if (axis != null) {
            return axis;
        }
        Filesystem fs = s.filesystems().get(cell.get(Matrix.FILESYSTEM));
        return fs == null ? "?" : fs.kernel();
    }

    /** Records every reference of {@code findings} that {@code names} does not have. */
    public static void check(List<Finding> findings, Names names, Problems problems) {
        FindingChecker checker = new FindingChecker(names, problems);
        findings.forEach(checker::check);
    }

    private void check(Finding x) {
        List<String> filesystems = names.axes().getOrDefault(Matrix.FILESYSTEM, List.of());
        List<String> datasets = names.axes().getOrDefault(Matrix.DATASET, List.of());
        boolean sidesOk = true;
        for (String side : List.of(x.numerator(), x.denominator())) {
            sidesOk &= switch (x.across()) {
                case "step" -> side(x, side, names.steps(), "step");
                case "dataset" -> side(x, side, datasets, "dataset");
                case "metric" -> true;
                default -> side(x, side, filesystems, "filesystem");
            };
        }
        boolean stepOk = x.step() == null || known(x, "step", x.step(), names.steps(), "steps");
        if (sidesOk && stepOk) {
            for (String side : List.of(x.numerator(), x.denominator())) {
                metric(x, x.stepOf(side), x.metricOf(side), x.across().equals("metric") ? "side." + side : "metric");
            }
        }
        boolean fsOk = x.filesystem() == null || known(x, "filesystem", x.filesystem(), filesystems, "filesystems");
        if (x.filesystem() == null
                && !x.across().equals("filesystem")
                && filesystems.size() > 1
                && names.axes().containsKey(Matrix.FILESYSTEM)) {
            problems.error(
                    x.where(),
                    "finding '" + x.id() + "' compares two " + x.across() + " values of one cell: "
                            + "name its filesystem with filesystem: (one of " + String.join(", ", filesystems) + ")");
            fsOk = false;
        }
        boolean cellOk = dataset(x) & cell(x);
        if (sidesOk && cellOk && fsOk && x.across().equals("filesystem")) {
            place(x);
        }
    }

    private boolean known(Finding x, String key, String value, List<String> known, String where) {
        if (known.contains(value)) {
            return true;
        }
        problems.error(
                x.at(key),
                "finding '" + x.id() + "': " + key + " '" + value + "' is not in " + names.what() + "'s " + where
                        + Hints.didYouMean(value, known));
        return false;
    }

    private boolean side(Finding x, String name, List<String> known, String kind) {
        if (known.contains(name)) {
            return true;
        }
        problems.error(
                x.at("side." + name),
                "finding '" + x.id() + "' compares " + kind + " '" + name
                        + "', which " + names.what() + " does not have" + Hints.didYouMean(name, known)
                        + (kind.equals("filesystem") ? " (figures are keyed by the scenario's filesystem names)" : ""));
        return false;
    }

    private void metric(Finding x, String step, String metric, String at) {
        if (!names.metric().test(step, metric)) {
            problems.error(
                    x.at(at),
                    "finding '" + x.id() + "': step '" + step + "' records no metric '" + metric + "'"
                            + Hints.didYouMeanOnly(metric, FindingMetrics.EVERY_STEP)
                            + " (a result field such as real_s, or a name its parse: gives, such as put_block_kib_s)");
        }
    }

    // no dataset: the sides pool every dataset's cells (a source's mean over all its datasets)
    private boolean dataset(Finding x) {
        if (x.dataset() == null) {
            return true;
        }
        List<String> values = names.axes().get(Matrix.DATASET);
        if (values == null) {
            problems.error(
                    x.at("dataset"),
                    "finding '" + x.id() + "' names dataset '" + x.dataset() + "', but " + names.what()
                            + " has no dataset axis: remove it");
            return false;
        }
        return known(x, "dataset", x.dataset(), values, "datasets");
    }

    private boolean cell(Finding x) {
        boolean ok = true;
        for (Map.Entry<String, String> e : x.cell().entrySet()) {
            List<String> values = names.axes().get(e.getKey());
            if (e.getKey().equals(Matrix.FILESYSTEM) || e.getKey().equals(Matrix.DATASET) || values == null) {
                List<String> others = names.axes().keySet().stream()
                        .filter(a -> !a.equals(Matrix.FILESYSTEM) && !a.equals(Matrix.DATASET))
                        .toList();
                problems.error(
                        x.at("cell." + e.getKey()),
                        "finding '" + x.id() + "': cell pins axis '" + e.getKey()
                                + "', "
                                + (values == null
                                        ? "which " + names.what() + "'s matrix does not have"
                                        : "which has " + "its own key: write " + e.getKey() + ": instead")
                                + (values == null ? Hints.didYouMean(e.getKey(), others) : ""));
                ok = false;
            } else if (!values.contains(e.getValue())) {
                problems.error(
                        x.at("cell." + e.getKey()),
                        "finding '" + x.id() + "': axis '" + e.getKey() + "' has no value '" + e.getValue() + "'"
                                + Hints.didYouMean(e.getValue(), values));
                ok = false;
            }
        }
        for (Map.Entry<String, List<String>> axis : names.axes().entrySet()) {
            String a = axis.getKey();
            if (!a.equals(Matrix.FILESYSTEM)
                    && !a.equals(Matrix.DATASET)
                    && axis.getValue().size() > 1
                    && !x.cell().containsKey(a)) {
                problems.error(
                        x.where(),
                        "finding '" + x.id() + "' leaves axis '" + a + "' open: pin one of its "
                                + "values with cell: { " + a + ": "
                                + axis.getValue().get(0) + " }");
                ok = false;
            }
        }
        return ok;
    }

    private void place(Finding x) {
        String a = names.placeOf().apply(coordinates(x, x.numerator()));
        String b = names.placeOf().apply(coordinates(x, x.denominator()));
        if (!a.equals(b)) {
            problems.error(
                    x.at("side." + x.denominator()),
                    "finding '" + x.id() + "' compares " + x.numerator()
                            + " (" + a + ") with " + x.denominator() + " (" + b
                            + "): findings compare cells of one place "
                            + "only; compare with a control cell of the same place (such as ext3-vm), which takes the "
                            + "source figure of its source filesystem");
        }
    }

    /** The coordinates of the cells of side {@code side} of {@code x}. */
    public static Map<String, String> coordinates(Finding x, String side) {
        return x.coordinates(side);
    }
}
