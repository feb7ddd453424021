package org.fsflow.report;

import java.util.Map;
import java.util.stream.Collectors;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Fieller;
import org.fsflow.result.Summary;
import org.fsflow.summary.AgingPenalties;
import org.fsflow.summary.Numbers;

/** Formats a run's {@link AgingPenalties.Aging} into the report's {@link AgingSection}. */
final class AgingSections {

    static final String METHOD = "Aged cells start every repetition from the same aged image: fsflow ages the "
            + "filesystem once per cell, before its first repetition (single-threaded, seeded; every operation "
            + "fsync'd), keeps the image and writes it into the device in place of the cell's mkfs, which is not "
            + "measured. The aging's duration is its own and never enters a step's time. Penalty: the aged cell's "
            + "mean real time over its fresh twin's, with its Fieller 95 % interval; slower or faster aged when the "
            + "interval excludes 1. Extents per file: FIEMAP (filefrag -v) over every file the aging left; free "
            + "extents: e2freefrag or xfs_db freesp. The fingerprint hashes the aged tree (names, inode numbers, "
            + "sizes, content hashes, each file's physical extents) and the free-space histogram: equal agings give "
            + "equal fingerprints, while their raw images differ in the times and counters the kernel writes.";

    private AgingSections() {}

    /** The section of {@code aging} ({@link AgingSection#NONE} when the run has no aged cell). */
    static AgingSection of(AgingPenalties.Aging aging) {
        if (aging == null || aging.agings().isEmpty() && aging.penalties().isEmpty()) {
            return AgingSection.NONE;
        }
        return new AgingSection(
                true,
                aging.agings().stream().map(AgingSections::state).toList(),
                aging.penalties().stream().map(AgingSections::row).toList(),
                METHOD);
    }

    private static AgingSection.State state(AgingRecord r) {
        String ops = r.operations().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
        long total = r.operations().values().stream().mapToLong(Long::longValue).sum();
        return new AgingSection.State(
                r.cell(),
                Numbers.fixed(r.agingS(), 1) + " s",
                total + " (" + ops + ")",
                Numbers.bytes(r.writtenBytes()) + " (×"
                        + Numbers.fixed((double) r.writtenBytes() / r.capacityBytes(), 2) + " the size)",
                Numbers.fixed(r.fullnessPct(), 1) + " %",
                r.files() + " (" + Numbers.bytes(r.liveBytes()) + ")",
                Numbers.fixed(r.extentsPerFile(), 3) + " (most " + r.maxExtents() + ")",
                Numbers.fixed(r.fragmentedPct(), 1) + " %",
                r.freeExtents() == null
                        ? "not measured (" + r.freeSpaceTool() + ")"
                        : r.freeExtents() + " (mean "
                                + Numbers.bytes((double) r.freeBytes() / Math.max(1, r.freeExtents())) + ")",
                r.freeSmallPct() == null ? "–" : Numbers.fixed(r.freeSmallPct(), 1) + " %",
                r.fingerprint().substring(0, Math.min(16, r.fingerprint().length())) + " (seed " + r.seed() + ")");
    }

    private static AgingSection.Row row(AgingPenalties.Penalty p) {
        Fieller.Interval i = p.ratio();
        String kind = !i.bounded() ? "undecided" : i.low() > 1 ? "slower" : i.high() < 1 ? "faster" : "same";
        String verdict = switch (kind) {
            case "slower" -> "slower aged";
            case "faster" -> "faster aged";
            case "same" -> "no significant difference";
            default ->
                Math.min(p.fresh().n(), p.aged().n()) < 2
                        ? "no interval (fewer than 2 repetitions)"
                        : "no interval (the fresh time's own interval reaches 0)";
        };
        return new AgingSection.Row(
                p.step(),
                where(p.where()),
                p.filesystem(),
                mean(p.fresh()),
                mean(p.aged()),
                "×" + Numbers.sig(i.ratio()) + (i.bounded() ? " " + org.fsflow.summary.Ratios.bounds(i) : ""),
                verdict,
                kind);
    }

    private static String where(Map<String, String> where) {
        return where.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static String mean(Summary s) {
        return Numbers.sig(s.mean()) + " s" + (s.n() >= 2 ? " ± " + Numbers.sig(s.ciHalfWidth()) : "") + " (n=" + s.n()
                + ")";
    }
}
