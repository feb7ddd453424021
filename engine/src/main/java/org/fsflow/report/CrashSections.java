package org.fsflow.report;

import java.util.Locale;
import org.fsflow.result.CrashFacts;
import org.fsflow.result.CrashResults;
import org.fsflow.summary.Bootstrap;
import org.fsflow.summary.CrashSummary;
import org.fsflow.summary.Numbers;

/** Formats a run's crash cells ({@link CrashSummary}) into the report's {@link CrashSection}. */
final class CrashSections {

    static final String METHOD = "Each crash point is the workload's write log (dm-log-writes, in a guest) replayed "
            + "onto a fresh image up to a mark the workload left after an fsync, or up to a flush or FUA write drawn "
            + "from the run's seed; the image is then recovered in a guest of the same kernel: mounted (the "
            + "journal's replay; 'mount'), unmounted and checked read-only ('check'), and repaired only when the "
            + "check found something, timed by the guest's clock. A point is classified as CrashMonkey does, by its "
            + "worst file: a file made durable (fsync of the file and its directory) that is gone, older or "
            + "damaged is a violation; files written but not yet durable that are missing or older are the "
            + "expected loss, counted apart. Times: median and 99th percentile (R's type 7) with their 95 % "
            + "percentile-bootstrap intervals (" + Bootstrap.RESAMPLES + " resamples, fixed seed); "
            + "under TCG emulation they compare filesystems with each other, not with a real machine.";

    private CrashSections() {}

    static CrashSection of(CrashResults results) {
        if (results.isEmpty()) {
            return CrashSection.NONE;
        }
        CrashSummary s = CrashSummary.of(results);
        return new CrashSection(
                true,
                CrashSummary.CLASSES,
                s.cells().stream().map(CrashSections::row).toList(),
                s.violations().stream().map(CrashSections::violation).toList(),
                s.failed().stream()
                        .map(m -> new CrashSection.Failed(m.node(), Conditions.nz(m.reason())))
                        .toList(),
                METHOD,
                java.util.stream.Stream.concat(
                                s.cells().stream()
                                        .filter(c -> c.markSpan() != null)
                                        .map(CrashSections::note),
                                s.cells().stream()
                                        .filter(CrashSummary.Cell::busyHost)
                                        .map(CrashSections::busy))
                        .toList());
    }

    // a cell whose marks are adjacent entries of its log: nothing was logged while the workload ran
    static String note(CrashSummary.Cell c) {
        return String.format(
                Locale.ROOT,
                "%s, %s: its %d marks are log entries %d to %d, with no write and no flush between any two of them, "
                        + "and its log held %d flush or FUA write%s to draw from: dm-log-writes logs a write at the flush "
                        + "that makes it durable, and %s sent none while the workload ran, so every mark replays to "
                        + "the same image.",
                c.filesystem(),
                c.workload(),
                c.marks(),
                c.markSpan()[0],
                c.markSpan()[1],
                c.drawn(),
                c.drawn() == 1 ? "" : "s",
                c.filesystem());
    }

    // a cell that ran while other processes kept the host busy: its times are not a quiet host's
    static String busy(CrashSummary.Cell c) {
        return String.format(
                Locale.ROOT,
                "⚠ %s, %s ran while the host was busy: processes other than fsflow and its guests used %.1f CPU s "
                        + "during its %.1f s (%.2f CPUs on average, above %.1f): its mount, check and repair times "
                        + "are slower than a quiet host's; its classes do not depend on it.",
                c.filesystem(),
                c.workload(),
                c.hostOtherCpuS(),
                c.cellS(),
                c.hostOtherCpuS() / c.cellS(),
                CrashSummary.BUSY_CPUS);
    }

    private static CrashSection.Row row(CrashSummary.Cell c) {
        return new CrashSection.Row(
                c.filesystem(),
                c.workload(),
                c.kernel(),
                c.points() + " of " + c.entries() + " (" + c.marks() + " marks, " + c.drawn() + " drawn)",
                c.classes(),
                seconds(c.mountMedian()),
                seconds(c.mountP99()),
                seconds(c.checkMedian()),
                seconds(c.checkP99()),
                c.repairs() == 0
                        ? "0"
                        : c.repairs() + " (median "
                                + Numbers.fixed(c.repairMedian().value(), 3) + " s)",
                c.lostPoints() == 0
                        ? "none"
                        : c.lostPoints() + " points, " + c.lostFiles() + " files, " + Numbers.bytes(c.lostBytes()));
    }

    // "0.412 [0.398, 0.431]"
    static String seconds(Bootstrap b) {
        if (b.n() == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", b.value(), b.low(), b.high());
    }

    private static CrashSection.Violation violation(CrashSummary.Violation v) {
        CrashFacts p = v.point();
        return new CrashSection.Violation(
                v.filesystem(),
                p.workload(),
                "entry " + p.entry() + " (" + p.at() + ")",
                p.crashClass(),
                String.join("; ", p.violations()),
                p.log() == null
                        ? "(the log was not kept)"
                        : "fsflow crash-replay " + p.log() + " --to " + p.entry() + " --size " + p.targetBytes()
                                + " --image " + v.filesystem() + "-" + p.entry() + ".img");
    }
}
