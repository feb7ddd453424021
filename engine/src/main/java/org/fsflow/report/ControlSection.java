package org.fsflow.report;

import java.util.List;

/**
 * Whether each guest ranks filesystems as the host does, from its control cells: shown right after
 * the verdicts in every report with guest cells that have controls. Every value is formatted text
 * ({@code <#list controls.places as p>${p.headline}<#list p.rows as r>${r.agreement}}).
 *
 * @param present false when no guest has two control types (the section is then not shown)
 * @param places  one per guest place
 * @param method  how agreement is judged, one paragraph
 */
public record ControlSection(boolean present, List<Place> places, String method) {

    /** No guest with control cells. */
    public static final ControlSection NONE = new ControlSection(false, List.of(), "");

    /**
     * One guest place.
     *
     * @param headline "VM 6.1.0-57-amd64 (tcg) ranks its control cells like the host in k of n step comparisons"
     * @param rows     one per step, other coordinates and pair of control types
     */
    public record Place(String headline, List<Row> rows) {}

    /**
     * One step comparison.
     *
     * @param step      the step
     * @param where     the other coordinates ("dataset test3"), "" when none
     * @param pair      the two control types ("xfs / ext3")
     * @param host      the host's ratio with its 95 % interval and its cells
     * @param guest     the guest's
     * @param agreement "agrees", "untrusted" or "undecided"
     * @param kind      the same as a CSS class
     */
    public record Row(
            String step, String where, String pair, String host, String guest, String agreement, String kind) {}
}
