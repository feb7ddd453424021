package org.fsflow.scenario;

import java.util.Map;
import org.fsflow.lang.Location;

/**
 * One published finding of a source, checked against a run: two cells of one place that differ
 * only in their filesystem (or, with {@code filesystem:}, two steps of one cell), one metric, and
 * what the source says about their ratio.
 *
 * <pre>
 * - id: delete-test3-xfs-ext3
 *   cite: "test.sh results, bench.xfs.txt and bench.ext3.txt"
 *   step: delete                 # or filesystem: NAME, and figures keyed by step names
 *   dataset: test3               # the dataset axis value
 *   cell: { AXIS: value }        # other axes pinned
 *   metric: real_s
 *   figures: { xfs: { value: 872.82, line: 312 }, ext3: { value: 7.68, line: 250 } }
 *   # or claim: { of: zfs, to: ext3, is: lower }, or ratio: { of: xfs, to: ext3, value: 113 }
 *   tolerance: 3
 *   min_scale: 0.1
 *   explanation: { text: "...", cite: "..." }
 * </pre>
 *
 * @param id          {@code id:} unique, lowercase letters, digits and '-'
 * @param cite        {@code cite:} where the source states it
 * @param across      {@code across:} what the two sides differ in: filesystem (the default), step,
 *                    metric or dataset
 * @param step        {@code step:} the step compared, null when the sides are steps
 * @param filesystem  {@code filesystem:} (or {@code cell: { filesystem: ... }}) the filesystem both
 *                    sides share, null when the sides are filesystems or it is not pinned
 * @param dataset     {@code dataset:} the dataset axis value, or null: the sides are then pooled over
 *                    every dataset (or, with {@code across: dataset}, are datasets)
 * @param cell        {@code cell:} other axes pinned
 * @param metric      {@code metric:} a result field or a parsed metric name, null when the sides are metrics
 * @param numerator   the first figure's key ({@code of:} of a claim or ratio)
 * @param denominator the second figure's key ({@code to:})
 * @param figures     the source's two values ({@code figures:}), or null for a claim or a stated ratio
 * @param ratio       the source's ratio numerator / denominator, NaN for a direction-only claim
 * @param higher      the source's direction: true when the numerator is higher
 * @param tolerance   the band factor of this finding (its own or the section's)
 * @param minScale    {@code min_scale:}, or 0 when absent
 * @param explanation {@code explanation:}, or null
 * @param where       where the finding starts
 * @param at          where values are written, for messages: {@code step}, {@code filesystem},
 *                    {@code dataset}, {@code metric}, {@code cell.AXIS} and {@code side.NAME} for each side
 */
public record Finding(
        String id,
        String cite,
        String across,
        String step,
        String filesystem,
        String dataset,
        Map<String, String> cell,
        String metric,
        String numerator,
        String denominator,
        Figures figures,
        double ratio,
        boolean higher,
        double tolerance,
        double minScale,
        Explanation explanation,
        Location where,
        Map<String, Location> at) {

    /** Copies the maps. */
    public Finding {
        cell = Map.copyOf(cell);
        at = Map.copyOf(at);
    }

    /** Where {@code key} (see {@code at}) is written, else where the finding starts. */
    public Location at(String key) {
        return at.getOrDefault(key, where);
    }

    /** The axes a finding's sides may differ in. */
    public static final java.util.List<String> ACROSS = java.util.List.of("filesystem", "step", "metric", "dataset");

    /** True when the two sides are steps of one filesystem, not filesystems. */
    public boolean comparesSteps() {
        return across.equals("step");
    }

    /** The step of side {@code side}. */
    public String stepOf(String side) {
        return across.equals("step") ? side : step;
    }

    /** The metric of side {@code side}. */
    public String metricOf(String side) {
        return across.equals("metric") ? side : metric;
    }

    /** True when the source says the two sides are equal (a ratio of exactly 1). */
    public boolean equal() {
        return ratio == 1.0;
    }

    /** The coordinates of side {@code side}'s cells (without a dataset: every dataset's cells). */
    public Map<String, String> coordinates(String side) {
        Map<String, String> c = new java.util.LinkedHashMap<>(cell);
        String d = across.equals("dataset") ? side : dataset;
        if (d != null) {
            c.put(Matrix.DATASET, d);
        }
        String fs = across.equals("filesystem") ? side : filesystem;
        if (fs != null) {
            c.put(Matrix.FILESYSTEM, fs);
        }
        return c;
    }

    /** What the finding's source says: its two values, a stated ratio, or a direction. */
    public String kind() {
        return figures != null ? "figures" : Double.isNaN(ratio) ? "claim" : "ratio";
    }

    /**
     * The source's two values and where its document holds them.
     *
     * @param numerator   the first value
     * @param numeratorAt where, or {@link At#NONE}
     * @param denominator the second value
     * @param denominatorAt where
     */
    public record Figures(double numerator, At numeratorAt, double denominator, At denominatorAt) {

        /** The numerator's (first) line, or 0. */
        public int numeratorLine() {
            return numeratorAt.line();
        }

        /** The denominator's (first) line, or 0. */
        public int denominatorLine() {
            return denominatorAt.line();
        }
    }

    /**
     * Where a figure is in the source document: {@code line:}, or a mean over {@code lines: [a, b]}
     * of the comma-separated field {@code column:} (1-based).
     *
     * @param line   the (first) line, 0 when not given
     * @param last   the last line of a mean, equal to {@code line} otherwise
     * @param column the field averaged, 0 when the figure is one number on its line
     */
    public record At(int line, int last, int column) {

        /** Not given. */
        public static final At NONE = new At(0, 0, 0);

        /** "line 312", "lines 31-38, field 5", or "". */
        public String text() {
            if (line == 0) {
                return "";
            }
            return last > line
                    ? "lines " + line + "-" + last + (column > 0 ? ", field " + column : "")
                    : "line " + line;
        }
    }

    /**
     * A disagreement known in advance.
     *
     * @param text what explains it
     * @param cite where that is stated
     */
    public record Explanation(String text, String cite) {}
}
