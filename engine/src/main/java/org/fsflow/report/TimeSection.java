package org.fsflow.report;

import java.util.List;

/**
 * The report's section on where the run's wall time went, formatted: a table per place and one for
 * the whole run, each row a phase with its seconds and its share of the wall time.
 *
 * @param present  true when the run has rows or a timeline
 * @param recorded true when the run's unmeasured phases were recorded (timeline.jsonl)
 * @param wall     the wall time and its bounds, one sentence
 * @param tables   one per place (the host's first), then the whole run's ({@link Table#total})
 * @param notes    what changes how to read the tables, one sentence each
 */
public record TimeSection(boolean present, boolean recorded, String wall, List<Table> tables, List<String> notes) {

    /** A run without rows nor timeline. */
    public static final TimeSection NONE = new TimeSection(false, false, "", List.of(), List.of());

    /**
     * One table.
     *
     * @param place the place's label, or "all places" for the whole run
     * @param total true for the whole run's table
     * @param rows  its phases, then the sum ({@link Row#sum})
     */
    public record Table(String place, boolean total, List<Row> rows) {}

    /**
     * One phase.
     *
     * @param phase   its name ("measured steps", "datasets generated" ... "other")
     * @param seconds "123.4 s", or why there is no figure ("not recorded (run made before timeline.jsonl)")
     * @param share   "12.3 %" of the wall time, "" without a figure, "–" when the wall time is unknown
     * @param sum     true for the last row, what the rows above add up to
     */
    public record Row(String phase, String seconds, String share, boolean sum) {}
}
