package org.fsflow.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.result.StepDurations;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.scenario.SourceText;

/**
 * Carries what an earlier run of a scenario measured to this run's data, for {@code fsflow
 * doctor}. A run at another {@code --scale} moves other amounts of data, so its step times and
 * bytes are not this run's: a step that moved its dataset (read or wrote at least {@value
 * #MOVED_SHARE} of the dataset's bytes, a copy) scales with the dataset's bytes, another command of
 * a dataset cell (a walk, a delete) with its file count, and a built-in action (mkfs, mount, umount)
 * is taken as it was. The datasets of the earlier run are those of its own {@code scenario.yaml}
 * at its own scale.
 */
final class Extrapolation {

    /** The share of its dataset's bytes a step must have moved to count as moving the data. */
    static final double MOVED_SHARE = 0.25;

    private final StepDurations durations = new StepDurations();
    private final Map<String, Mean> movedBytes = new HashMap<>();
    private final Map<String, Mean> writtenBytes = new HashMap<>();
    private final Map<String, Dataset> before;
    private final Map<String, Dataset> now;
    private final Map<String, String> basis = new TreeMap<>();

    private Extrapolation(Map<String, Dataset> before, Map<String, Dataset> now) {
        this.before = before;
        this.now = now;
    }

    /** What the run in {@code dir} (at {@code scale}) measured, carried to {@code scenario}'s datasets. */
    static Extrapolation of(Path dir, double scale, Scenario scenario) {
        Extrapolation e = new Extrapolation(datasetsOf(dir, scale), scenario.datasets());
        Journal.read(dir.resolve(Journal.FILE)).forEach(e::learn);
        return e;
    }

    private void learn(Measurement m) {
        durations.add(m);
        if (m.status() != Status.OK || m.cell() == null || m.warmup()) {
            return;
        }
        long read = m.readBytes() == null ? 0 : m.readBytes();
        long written = m.writeBytes() == null ? 0 : m.writeBytes();
        movedBytes.computeIfAbsent(key(m.cell(), m.step()), k -> new Mean()).add(read + written);
        writtenBytes.computeIfAbsent(key(m.cell(), m.step()), k -> new Mean()).add(written);
    }

    /** True when the earlier run measured this node's step in this node's cell. */
    boolean knows(PlanNode n) {
        return durations.knows(n.cell().coordinates(), n.step().name());
    }

    /** The expected real time of {@code n} in this run, in seconds. */
    double seconds(PlanNode n) {
        double then =
                durations.estimate(n.cell().coordinates(), n.step().name()).orElse(0);
        return then * factor(n);
    }

    /**
     * The bytes {@code n} should write in this run: what it wrote then, times its dataset's bytes
     * now over then; empty when the earlier run did not measure it.
     */
    java.util.OptionalDouble writtenBytes(PlanNode n) {
        Mean m = writtenBytes.get(key(n.cell().coordinates(), n.step().name()));
        if (m == null || m.n == 0) {
            return java.util.OptionalDouble.empty();
        }
        String ds = n.cell().dataset();
        return java.util.OptionalDouble.of(m.mean() * (ds == null ? 1 : ratio(ds, true)));
    }

    /** How each dataset's steps were carried over, for the person reading the estimate. */
    String basis() {
        if (before.isEmpty() && !now.isEmpty()) {
            return "its scenario.yaml could not be read, so the times are taken as they were";
        }
        return basis.isEmpty()
                ? "no dataset changed size"
                : String.join(
                        ", ",
                        basis.entrySet().stream()
                                .map(e -> e.getKey() + " " + e.getValue())
                                .toList());
    }

    private double factor(PlanNode n) {
        String ds = n.cell().dataset();
        if (ds == null || n.step().action() != null || !before.containsKey(ds) || !now.containsKey(ds)) {
            return 1;
        }
        Mean moved = movedBytes.get(key(n.cell().coordinates(), n.step().name()));
        boolean data =
                moved != null && moved.mean() >= MOVED_SHARE * before.get(ds).expectedBytes();
        return ratio(ds, data);
    }

    private double ratio(String ds, boolean bytes) {
        Dataset then = before.get(ds);
        Dataset later = now.get(ds);
        if (then == null || later == null) {
            return 1;
        }
        double r = bytes
                ? (double) later.expectedBytes() / Math.max(1, then.expectedBytes())
                : (double) later.fileCount() / Math.max(1, then.fileCount());
        basis.merge(
                ds,
                String.format(Locale.ROOT, "%s x%.3g", bytes ? "bytes" : "files", r),
                (a, b) -> a.equals(b) || a.contains(b) ? a : a + " and " + b);
        return r;
    }

    /** The datasets of the earlier run at its own scale, or none when its copy cannot be read. */
    private static Map<String, Dataset> datasetsOf(Path dir, double scale) {
        Path copy = dir.resolve("scenario.yaml");
        try {
            Overrides at = new Overrides(List.of(), scale);
            return ScenarioLoader.load(SourceText.of(copy.toString(), Files.readString(copy)), at)
                    .scenario()
                    .datasets();
        } catch (java.io.IOException | org.fsflow.scenario.ScenarioException | Overrides.Invalid e) {
            // a copy this version cannot read: its steps' times are taken as they were (basis() says so)
            return Map.of();
        }
    }

    private static String key(Map<String, String> coordinates, String step) {
        return new TreeMap<>(coordinates) + "\u0000" + step;
    }

    private static final class Mean {
        private double sum;
        private long n;

        void add(double v) {
            sum += v;
            n++;
        }

        double mean() {
            return n == 0 ? 0 : sum / n;
        }
    }
}
