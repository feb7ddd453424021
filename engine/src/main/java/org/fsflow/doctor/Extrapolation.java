package org.fsflow.doctor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Journal;
import org.fsflow.result.MeansByStep;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.result.StepDurations;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Matrix;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScaleControls;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;

/**
 * Carries what an earlier run of a scenario measured to this run's data, for {@code fsflow
 * doctor}. A run at another {@code --scale} moves other amounts of data, so its step times and
 * bytes are not this run's: a step that moved its dataset (read or wrote at least {@value
 * #MOVED_SHARE} of the dataset's bytes, a copy) scales with the dataset's bytes, another command of
 * a dataset cell (a walk, a delete) with its file count, and a built-in action (mkfs, mount, umount)
 * is taken as it was. The datasets of the earlier run are those of its own {@code scenario.yaml}
 * at its own scales, and each cell's are those of its place ({@code --scale guest=0.05}): a guest
 * cell is carried from the earlier run's guest size to this run's guest size.
 */
final class Extrapolation {

    /** The share of its dataset's bytes a step must have moved to count as moving the data. */
    static final double MOVED_SHARE = 0.25;

    private final StepDurations durations = new StepDurations();
    private final UnmeasuredTime unmeasured = new UnmeasuredTime();
    private final GuestSlowdown slowdown = new GuestSlowdown();
    private final MeansByStep movedBytes = new MeansByStep();
    private final MeansByStep writtenBytes = new MeansByStep();
    private final Scenario before;
    private final Scenario now;
    private final Map<String, String> basis = new TreeMap<>();

    private Extrapolation(Scenario before, Scenario now) {
        this.before = before;
        this.now = now;
    }

    /** What the run in {@code dir} (at {@code scales}) measured, carried to {@code scenario}'s datasets. */
    static Extrapolation of(Path dir, Scales scales, Scenario scenario) {
        Extrapolation e = new Extrapolation(scenarioOf(dir, scales), scenario);
        Journal.read(dir.resolve(Journal.FILE)).forEach(e::learn);
        for (org.fsflow.result.RunEnvironment.Resume r :
                org.fsflow.result.RunEnvironment.read(dir).resumes()) {
            try {
                e.unmeasured.resumedAt(java.time.Instant.parse(r.at()));
            } catch (RuntimeException unreadable) {
                // a resume without a readable time: its pause stays in, as in runs that predate the record
            }
        }
        return e;
    }

    private void learn(Measurement m) {
        durations.add(m);
        unmeasured.add(m);
        slowdown.add(m, before);
        if (m.status() != Status.OK || m.cell() == null || m.warmup() || m.takenAgain()) {
            return;
        }
        long read = m.readBytes() == null ? 0 : m.readBytes();
        long written = m.writeBytes() == null ? 0 : m.writeBytes();
        movedBytes.add(m.cell(), m.step(), read + written);
        writtenBytes.add(m.cell(), m.step(), written);
    }

    /** What the earlier run's guest cell repetitions took to start, in seconds. */
    UnmeasuredTime unmeasured() {
        return unmeasured;
    }

    /**
     * The expected unmeasured seconds before {@code n} in this run (caches dropped, the copy before
     * it checked), carried with its step's data like the step itself.
     */
    double aroundSeconds(PlanNode n) {
        return unmeasured.around(then(n.cell().coordinates()), n.step().name()).orElse(0) * factor(n);
    }

    /** How much slower than its host the earlier run's guests were, on its control cells. */
    GuestSlowdown slowdown() {
        return slowdown;
    }

    /** True when the earlier run measured this node's step in this node's cell. */
    boolean knows(PlanNode n) {
        return durations.knows(then(n.cell().coordinates()), n.step().name());
    }

    /** The expected real time of {@code n} in this run, in seconds. */
    double seconds(PlanNode n) {
        double then = durations
                .estimate(then(n.cell().coordinates()), n.step().name())
                .orElse(0);
        return then * factor(n);
    }

    /**
     * The earlier run's cell of this run's {@code cell}: itself, or, for the host's control at a
     * guest's scale ({@code ext3@0.05}) that the earlier run did not have, the filesystem it controls
     * ({@code ext3}), carried from that cell's data then to the control's now.
     */
    private Map<String, String> then(Map<String, String> cell) {
        String fs = cell.get(Matrix.FILESYSTEM);
        if (!ScaleControls.isControl(fs)
                || (before != null && before.filesystems().containsKey(fs))) {
            return cell;
        }
        Map<String, String> base = new java.util.LinkedHashMap<>(cell);
        base.put(Matrix.FILESYSTEM, ScaleControls.base(fs));
        return base;
    }

    /**
     * The bytes {@code n} should write in this run: what it wrote then, times its dataset's bytes
     * now over then; empty when the earlier run did not measure it.
     */
    java.util.OptionalDouble writtenBytes(PlanNode n) {
        java.util.OptionalDouble m =
                writtenBytes.mean(then(n.cell().coordinates()), n.step().name());
        if (m.isEmpty()) {
            return m;
        }
        Double sized = paramRatio(n);
        return java.util.OptionalDouble.of(m.getAsDouble()
                * (sized != null
                        ? sized
                        : ratio(n.cell().coordinates(), n.cell().dataset(), true)));
    }

    // the ratio of the parameter that sizes n's command (bonnie++ -s), recorded in the basis; null: none
    private Double paramRatio(PlanNode n) {
        Map<String, String> cell = n.cell().coordinates();
        ParamSizes.Ratio r = n.step().action() != null
                ? null
                : ParamSizes.of(now, before, cell, then(cell), n.step().name());
        if (r == null) {
            return null;
        }
        basis.merge(
                label(cell, n.step().name()),
                String.format(Locale.ROOT, "%s x%.3g", r.name(), r.ratio()),
                (a, b) -> a.equals(b) || a.contains(b) ? a : a + " and " + b);
        return r.ratio();
    }

    /** How each dataset's steps were carried over, for the person reading the estimate. */
    String basis() {
        if (before == null && !now.datasets().isEmpty()) {
            return "its scenario.yaml could not be read, so the times are taken as they were";
        }
        return basis.isEmpty()
                ? "no dataset nor sizing parameter changed size"
                : String.join(
                        ", ",
                        basis.entrySet().stream()
                                .map(e -> e.getKey() + " " + e.getValue())
                                .toList());
    }

    private double factor(PlanNode n) {
        Double sized = paramRatio(n);
        if (sized != null) {
            return sized;
        }
        Map<String, String> cell = n.cell().coordinates();
        String ds = n.cell().dataset();
        Sizes then = sizesOf(before, then(cell), ds);
        if (then == null || n.step().action() != null || sizesOf(now, cell, ds) == null) {
            return 1;
        }
        java.util.OptionalDouble moved = movedBytes.mean(then(cell), n.step().name());
        boolean data = moved.isPresent() && moved.getAsDouble() >= MOVED_SHARE * then.bytes();
        return ratio(cell, ds, data);
    }

    /** A cell's data: its dataset's, or, in a cell without a dataset axis, all the scenario's datasets'. */
    private record Sizes(long bytes, long files) {}

    // the data of the cell of `cell` in `s` (at its place's scale), or null when it has none
    private static Sizes sizesOf(Scenario s, Map<String, String> cell, String ds) {
        if (s == null) {
            return null;
        }
        Map<String, Dataset> all = s.forCell(cell).datasets();
        List<Dataset> used =
                ds == null ? List.copyOf(all.values()) : all.containsKey(ds) ? List.of(all.get(ds)) : List.of();
        if (used.isEmpty()) {
            return null;
        }
        return new Sizes(
                used.stream().mapToLong(Dataset::expectedBytes).sum(),
                used.stream().mapToLong(Dataset::fileCount).sum());
    }

    private double ratio(Map<String, String> cell, String ds, boolean bytes) {
        Sizes then = sizesOf(before, then(cell), ds);
        Sizes later = sizesOf(now, cell, ds);
        if (then == null || later == null) {
            return 1;
        }
        String label = label(cell, ds == null ? "the datasets" : ds);
        double r = bytes
                ? (double) later.bytes() / Math.max(1, then.bytes())
                : (double) later.files() / Math.max(1, then.files());
        basis.merge(
                label,
                String.format(Locale.ROOT, "%s x%.3g", bytes ? "bytes" : "files", r),
                (a, b) -> a.equals(b) || a.contains(b) ? a : a + " and " + b);
        return r;
    }

    // what a basis entry is about, per place when a place has a scale of its own (then or now): "test3 (debian-6.1)"
    private String label(Map<String, String> cell, String name) {
        boolean perPlace = !now.scaling().scales().uniform()
                || (before != null && !before.scaling().scales().uniform());
        String kernel = now.kernelOf(cell).name();
        String fs = cell.get(Matrix.FILESYSTEM);
        return !perPlace
                ? name
                : ScaleControls.isControl(fs)
                        ? name + " (host at " + Scales.plain(now.forCell(cell).scale()) + ")"
                        : kernel.equals(KernelSpec.HOST) ? name : name + " (" + kernel + ")";
    }

    /** The earlier run's scenario at its own scales, or null when its copy cannot be read. */
    private static Scenario scenarioOf(Path dir, Scales scales) {
        Path copy = dir.resolve("scenario.yaml");
        try {
            Overrides at = new Overrides(List.of(), scales);
            return ScenarioLoader.load(SourceText.of(copy.toString(), Files.readString(copy)), at)
                    .scenario();
        } catch (java.io.IOException | org.fsflow.lang.ScenarioException | Overrides.Invalid e) {
            // a copy this version cannot read: its steps' times are taken as they were (basis() says so)
            return null;
        }
    }
}
