package org.fsflow.scenario;

import java.util.Map;

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
 * @param step        {@code step:} the step compared, or null when {@code filesystem} is given
 * @param filesystem  {@code filesystem:} the one filesystem whose two steps are compared, or null
 * @param dataset     {@code dataset:} the dataset axis value, or null
 * @param cell        {@code cell:} other axes pinned
 * @param metric      {@code metric:} a result field or a parsed metric name
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

    /** True when the two sides are steps of one filesystem, not filesystems. */
    public boolean comparesSteps() {
        return filesystem != null;
    }

    /** What the finding's source says: its two values, a stated ratio, or a direction. */
    public String kind() {
        return figures != null ? "figures" : Double.isNaN(ratio) ? "claim" : "ratio";
    }

    /**
     * The source's two values and the lines of its document that hold them.
     *
     * @param numerator       the first value
     * @param numeratorLine   its line, or 0
     * @param denominator     the second value
     * @param denominatorLine its line, or 0
     */
    public record Figures(double numerator, int numeratorLine, double denominator, int denominatorLine) {}

    /**
     * A disagreement known in advance.
     *
     * @param text what explains it
     * @param cite where that is stated
     */
    public record Explanation(String text, String cite) {}
}
