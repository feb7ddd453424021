package org.fsflow.report;

import java.util.List;
import java.util.stream.Collectors;
import org.fsflow.result.Fieller;
import org.fsflow.summary.ControlAgreement;

/** Formats a run's {@link ControlAgreement}s into the report's {@link ControlSection}. */
final class ControlSections {

    static final String METHOD = "A guest's control cells are filesystems of a type that also ran on the host "
            + "(ext3 and ext3-vm). For each step (and dataset), the ratio of two control types' mean real times on the "
            + "host is set beside the same ratio in the guest, each with its Fieller 95 % interval. Agrees: both ratios on "
            + "the same side of 1. Untrusted: the guest ranks them the other way round while the host's interval "
            + "excludes 1; findings between the guest's cells at that step are then inconclusive. Undecided: the other "
            + "way round, but the host sees no significant difference. Not compared: the host's cells and the guest's ran "
            + "at different --scale (data sizes change rankings), so nothing is judged.";

    private ControlSections() {}

    /** The section of {@code agreements} ({@link ControlSection#NONE} when empty). */
    static ControlSection of(List<ControlAgreement> agreements) {
        if (agreements == null || agreements.isEmpty()) {
            return ControlSection.NONE;
        }
        return new ControlSection(
                true,
                agreements.stream()
                        .map(a -> new ControlSection.Place(
                                a.headline(),
                                a.rows().stream().map(ControlSections::row).toList()))
                        .toList(),
                METHOD);
    }

    private static ControlSection.Row row(ControlAgreement.Row r) {
        String kind = switch (r.agreement()) {
            case AGREES -> "agrees";
            case DISAGREES -> "untrusted";
            case UNDECIDED -> "undecided";
            case DIFFERENT_SCALES -> "not compared (different scales)";
        };
        return new ControlSection.Row(
                r.step(),
                r.where().entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")),
                r.first() + " / " + r.second(),
                ratio(r.host()) + " (" + r.hostCells() + ")",
                ratio(r.guest()) + " (" + r.cells() + ")",
                kind,
                r.agreement() == ControlAgreement.Agreement.DIFFERENT_SCALES ? "scales" : kind);
    }

    private static String ratio(Fieller.Interval i) {
        return org.fsflow.summary.Ratios.text(i);
    }
}
