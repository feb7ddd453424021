package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fsflow.result.CrashFacts;
import org.fsflow.result.CrashResults;
import org.fsflow.result.Measurement;

/**
 * The crash cells of a run, summarized: per filesystem and workload, how many crash points fell in
 * each class, the distributions of mount and check time (median and 99th percentile, each with its
 * bootstrap interval), the repairs, the expected loss, and every violation with its point.
 *
 * @param cells      one per filesystem x workload, in the order of their first point
 * @param violations every crash point that broke a promise, in journal order
 * @param failed     the rows of cells that could not run
 */
public record CrashSummary(List<Cell> cells, List<Violation> violations, List<Measurement> failed) {

    /** Other processes' mean CPUs above which a crash cell ran on a busy host. */
    public static final double BUSY_CPUS = org.fsflow.result.Disturbance.BUSY_CPUS;

    /** The classes, best first, as {@link CrashFacts#crashClass()} names them. */
    public static final List<String> CLASSES =
            List.of("clean", "fsck-needed", "older-version", "durable-missing", "data-corrupted", "metadata-corrupted");

    /**
     * One crash cell.
     *
     * @param filesystem the filesystem
     * @param workload   the workload
     * @param kernel     the guest's kernel release and how it ran ({@code 6.1.0-57-amd64, tcg})
     * @param points     its crash points
     * @param entries    the log's entries
     * @param classes    points per class, in {@link #CLASSES} order
     * @param mountMedian the mount's median seconds
     * @param mountP99   the mount's 99th percentile
     * @param checkMedian the check's median seconds
     * @param checkP99   the check's 99th percentile
     * @param repairs    points that needed the repair
     * @param repairMedian the repair's median seconds, over those
     * @param lostPoints points with an expected loss
     * @param lostFiles  files of expected loss, summed over the points
     * @param lostBytes  their bytes
     * @param marks      the marks of the workload among the points (the rest were drawn)
     * @param markSpan   the first and last mark's log entries when no other entry of the log lies
     *                   between any two marks (at least two of them), else null: then no write and no
     *                   flush reached the log while the workload ran, and every mark replays to one image
     * @param cellS      wall seconds of the whole cell, or null when not recorded
     * @param hostOtherCpuS CPU seconds the host spent outside fsflow and its guests meanwhile, or null
     */
    public record Cell(
            String filesystem,
            String workload,
            String kernel,
            int points,
            int entries,
            List<Integer> classes,
            Bootstrap mountMedian,
            Bootstrap mountP99,
            Bootstrap checkMedian,
            Bootstrap checkP99,
            int repairs,
            Bootstrap repairMedian,
            int lostPoints,
            long lostFiles,
            long lostBytes,
            int marks,
            long[] markSpan,
            Double cellS,
            Double hostOtherCpuS) {

        /**
         * True when other processes used more than {@link #BUSY_CPUS} CPUs on average while the cell
         * ran (the threshold of the steps' busy-host warning).
         */
        public boolean busyHost() {
            return hostOtherCpuS != null && cellS != null && cellS > 0 && hostOtherCpuS / cellS > BUSY_CPUS;
        }

        /** The points drawn among the log's flushes and FUA writes. */
        public int drawn() {
            return points - marks;
        }

        /** The points that broke a promise: every class after {@code clean} and {@code fsck-needed}. */
        public int violations() {
            return classes.subList(2, classes.size()).stream()
                    .mapToInt(Integer::intValue)
                    .sum();
        }
    }

    /**
     * A crash point that broke a promise.
     *
     * @param filesystem the filesystem
     * @param point      its row's facts
     */
    public record Violation(String filesystem, CrashFacts point) {}

    /** The summary of {@code r}. */
    public static CrashSummary of(CrashResults r) {
        Map<List<String>, List<Measurement>> byCell = new LinkedHashMap<>();
        List<Violation> violations = new ArrayList<>();
        for (Measurement m : r.points()) {
            byCell.computeIfAbsent(List.of(m.filesystem(), m.crash().workload()), k -> new ArrayList<>())
                    .add(m);
            if (m.crash().violation()) {
                violations.add(new Violation(m.filesystem(), m.crash()));
            }
        }
        List<Cell> cells = new ArrayList<>();
        byCell.forEach((k, rows) -> cells.add(cell(k.get(0), k.get(1), rows)));
        return new CrashSummary(cells, violations, r.failed());
    }

    private static Cell cell(String filesystem, String workload, List<Measurement> rows) {
        List<Integer> classes = new ArrayList<>();
        for (String c : CLASSES) {
            classes.add((int)
                    rows.stream().filter(m -> c.equals(m.crash().crashClass())).count());
        }
        double[] mount = values(rows, CrashFacts::mountS);
        double[] check = values(rows, CrashFacts::checkS);
        double[] repair = values(rows, CrashFacts::repairS);
        Measurement first = rows.get(0);
        return new Cell(
                filesystem,
                workload,
                first.kernel() + (first.virt() == null ? "" : ", " + first.virt()),
                rows.size(),
                first.crash().entries(),
                classes,
                Bootstrap.of(mount, 50),
                Bootstrap.of(mount, 99),
                Bootstrap.of(check, 50),
                Bootstrap.of(check, 99),
                repair.length,
                Bootstrap.of(repair, 50),
                (int) rows.stream().filter(m -> m.crash().lostFiles() > 0).count(),
                rows.stream().mapToLong(m -> m.crash().lostFiles()).sum(),
                rows.stream().mapToLong(m -> m.crash().lostBytes()).sum(),
                marks(rows).length,
                span(marks(rows)),
                first.crash().cellS(),
                first.crash().hostOtherCpuS());
    }

    // the log entries of the workload's marks, ascending (a drawn point's `at` says "after MARK")
    private static long[] marks(List<Measurement> rows) {
        return rows.stream()
                .filter(m -> m.crash().at() != null && !m.crash().at().startsWith("after "))
                .mapToLong(m -> m.crash().entry())
                .sorted()
                .toArray();
    }

    private static long[] span(long[] marks) {
        if (marks.length < 2 || marks[marks.length - 1] - marks[0] != marks.length - 1) {
            return null;
        }
        return new long[] {marks[0], marks[marks.length - 1]};
    }

    private static double[] values(List<Measurement> rows, Function<CrashFacts, Double> f) {
        return rows.stream()
                .map(m -> f.apply(m.crash()))
                .filter(v -> v != null && !v.isNaN())
                .mapToDouble(Double::doubleValue)
                .toArray();
    }
}
