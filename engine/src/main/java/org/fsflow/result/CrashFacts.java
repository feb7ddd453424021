package org.fsflow.result;

import java.util.List;

/**
 * What one crash point of a crash cell yielded: the {@code crash} object of its result row (null in
 * every other row). The row's {@code real_s} is the recovery's whole time (mount, check, and the
 * repair when there was one), {@code cell} is {@code {filesystem, workload}}.
 *
 * @param workload       the workload's name
 * @param crashClass     clean, fsck-needed, older-version, durable-missing, data-corrupted or
 *                       metadata-corrupted (CrashMonkey's classes, worst of the point's files)
 * @param entry          the last log entry replayed: the crash point
 * @param entries        the log's entries in all
 * @param at             the mark it is (its name), or {@code after MARK} for a drawn barrier
 * @param mounted        true when the filesystem mounted (at first, or after the repair)
 * @param mountS         seconds of the first mount (the journal's replay), by the guest's clock
 * @param checkOk        true when the check found nothing
 * @param checkS         seconds of the check
 * @param repairS        seconds of the repair, null when the check passed
 * @param violatedFiles  files made durable before the point and lost or damaged
 * @param violatedBytes  their durable sizes, summed
 * @param lostFiles      files written but not yet durable that are missing or not as written: the
 *                       expected loss, not a violation
 * @param lostBytes      their sizes, summed
 * @param violations     one line per violated file ({@code msg.3: durable-missing})
 * @param points         the crash points of the cell (every one has a row)
 * @param seed           the seed the drawn points came from
 * @param log            the cell's write log kept for replay (relative to the output directory,
 *                       gzip), or null when the cell had no violation
 * @param targetBytes    the size of the logged device (the image a replay needs)
 * @param cellS          wall seconds of the whole cell (its guests, replays and recoveries), the same
 *                       in every row of the cell; null in rows written before it was recorded
 * @param hostOtherCpuS  CPU seconds the host spent outside fsflow and its guests meanwhile (the
 *                       host's busy time minus the JVM's and its children's): evidence of a busy
 *                       host, which slows the recovery times (not the classes); null when unknown
 */
public record CrashFacts(
        String workload,
        String crashClass,
        int entry,
        int entries,
        String at,
        boolean mounted,
        Double mountS,
        boolean checkOk,
        Double checkS,
        Double repairS,
        int violatedFiles,
        long violatedBytes,
        int lostFiles,
        long lostBytes,
        List<String> violations,
        int points,
        long seed,
        String log,
        long targetBytes,
        Double cellS,
        Double hostOtherCpuS) {

    /** Other processes' mean CPUs while the cell ran ({@code hostOtherCpuS / cellS}), or null. */
    public Double hostOtherCpus() {
        return cellS == null || hostOtherCpuS == null || cellS <= 0 ? null : hostOtherCpuS / cellS;
    }

    /** True for the classes where the filesystem broke a promise (worse than fsck needed). */
    public boolean violation() {
        return !"clean".equals(crashClass) && !"fsck-needed".equals(crashClass);
    }
}
