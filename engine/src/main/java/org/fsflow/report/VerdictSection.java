package org.fsflow.report;

import java.util.List;

/**
 * The report's first section when the run's source has findings: the headline, then one row per
 * finding. Every value is formatted text; templates lay it out ({@code verdicts.present},
 * {@code verdicts.headline}, {@code <#list verdicts.rows as v>${v.verdict}} ...).
 *
 * @param present  false when the run has no findings (the section is then not shown)
 * @param headline "k of n findings reproduced, m contradicted, j inconclusive"
 * @param from     where the findings come from: the file and its sha256
 * @param method   how a verdict is reached, one paragraph (with the default tolerance)
 * @param rows     one per finding, in the source's order
 * @param json     the text of {@code verdicts.json}, "" when not present
 * @param jsonFile its file name beside the report
 * @param answer   the first screen's sentences: what was compared, on what machine, what held
 * @param badges   the conditions a reader must know first ("VM 6.1.0-57-amd64 (tcg)", "--scale 0.1")
 * @param forest   the forest plot of the testable findings (of every finding when none is), SVG
 *                 markup drawn and escaped by fsflow; "" when no finding has a ratio
 * @param forestFile the same plot's file beside the report, for report.md
 */
public record VerdictSection(
        boolean present,
        String headline,
        String from,
        String method,
        List<Row> rows,
        String json,
        String jsonFile,
        List<String> answer,
        List<String> badges,
        String forest,
        String forestFile) {

    /** No findings. */
    public static final VerdictSection NONE =
            new VerdictSection(false, "", "", "", List.of(), "", "", List.of(), List.of(), "", "");

    /**
     * One finding.
     *
     * @param id          its id
     * @param cite        where the source states it
     * @param what        the step, dataset, other axes and metric compared, and the place
     * @param source      the source's figures ("xfs 872.82 s (line 312); ext3 7.68 s (line 250)"), or its claim
     * @param sourceRatio the source's ratio ("×114"), or its direction ("lower")
     * @param fsflow      fsflow's means ± half-widths with n, one per side
     * @param ratio       fsflow's ratio with its 95 % interval ("×2.01 [1.95, 2.07]")
     * @param q           the Benjamini-Hochberg q-value, "–" when not tested
     * @param verdict     reproduced, direction only, contradicted or inconclusive
     * @param kind        the same as a CSS class: reproduced, direction-only, contradicted, inconclusive
     * @param reason      why, one sentence
     * @param explanation a disagreement known in advance, with its citation, "" if none
     * @param findingClass the finding's class: testable, era-bound, below-resolution or emulated
     * @param classWhy    why it has that class, one sentence (the rule, or the change it cites)
     * @param test        the test applied with its tolerance or margin ("equivalence within [0.909, 1.10]
     *                    (TOST p = 0.003)", "direction, then the ratio of ratios within ×2.00")
     * @param power       the smallest ratio the run could detect at 80 % power, its level, and the
     *                    repetitions per side ×1.1 and ×1.2 would need; "–" when not tested
     */
    public record Row(
            String id,
            String cite,
            String what,
            String source,
            String sourceRatio,
            String fsflow,
            String ratio,
            String q,
            String verdict,
            String kind,
            String reason,
            String explanation,
            String findingClass,
            String classWhy,
            String test,
            String power) {}
}
