package org.fsflow.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;

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
        boolean sidesOk;
        if (x.comparesSteps()) {
            boolean fsOk = known(x, "filesystem", x.filesystem(), filesystems, "filesystem axis");
            sidesOk = side(x, x.numerator(), names.steps(), "step") & side(x, x.denominator(), names.steps(), "step");
            if (sidesOk) {
                metric(x, x.numerator());
                metric(x, x.denominator());
            }
            sidesOk &= fsOk;
        } else {
            boolean stepOk = known(x, "step", x.step(), names.steps(), "steps");
            sidesOk = side(x, x.numerator(), filesystems, "filesystem")
                    & side(x, x.denominator(), filesystems, "filesystem");
            if (stepOk) {
                metric(x, x.step());
            }
        }
        boolean cellOk = dataset(x) & cell(x);
        if (sidesOk && cellOk && !x.comparesSteps()) {
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

    private void metric(Finding x, String step) {
        if (!names.metric().test(step, x.metric())) {
            problems.error(
                    x.at("metric"),
                    "finding '" + x.id() + "': step '" + step + "' records no metric '"
                            + x.metric() + "'" + Hints.didYouMeanOnly(x.metric(), FindingMetrics.EVERY_STEP)
                            + " (a result field such as real_s, or a name its parse: gives, such as put_block_kib_s)");
        }
    }

    private boolean dataset(Finding x) {
        List<String> values = names.axes().get(Matrix.DATASET);
        if (x.dataset() == null) {
            if (values != null && values.size() > 1) {
                problems.error(
                        x.where(),
                        "finding '" + x.id() + "' needs 'dataset:': the matrix has the datasets "
                                + String.join(", ", values));
                return false;
            }
            return true;
        }
        if (values == null) {
            problems.error(
                    x.at("dataset"),
                    "finding '" + x.id() + "' names dataset '" + x.dataset() + "', but " + names.what()
                            + " has no dataset axis: remove it");
            return false;
        }
        return known(x, "dataset", x.dataset(), values, "dataset axis");
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

    /** The coordinates of the cell of side {@code filesystem} of {@code x}. */
    public static Map<String, String> coordinates(Finding x, String filesystem) {
        Map<String, String> c = new LinkedHashMap<>(x.cell());
        if (x.dataset() != null) {
            c.put(Matrix.DATASET, x.dataset());
        }
        c.put(Matrix.FILESYSTEM, x.comparesSteps() ? x.filesystem() : filesystem);
        return c;
    }
}
