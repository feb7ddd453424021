package org.fsflow.crash;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.plan.CrashPlan;
import org.fsflow.result.CrashFacts;
import org.fsflow.result.JournalReader;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;

/** The result rows of crash cells: one per crash point, and what {@code resume} keeps of them. */
public final class CrashRows {

    /** The step name of every crash row. */
    static final String STEP = org.fsflow.result.CrashResults.STEP;

    private CrashRows() {}

    /**
     * One row per crash point of {@code r}; {@code others}: the host's CPU seconds outside fsflow
     * since {@code start}, or null.
     */
    public static List<Measurement> of(
            CrashPlan.Cell cell,
            String release,
            String virt,
            CrashCell.Result r,
            Instant start,
            Path out,
            Double others) {
        Instant end = Instant.now();
        String ended = end.toString();
        double cellS = java.time.Duration.between(start, end).toNanos() / 1e9;
        String log = r.log() == null ? null : out.relativize(r.log()).toString();
        List<Measurement> rows = new ArrayList<>();
        for (CrashCell.Point p : r.points()) {
            Recovery rec = p.recovery();
            double repair = p.outcome().repairS() == null ? 0 : p.outcome().repairS();
            CrashFacts facts = new CrashFacts(
                    cell.workload(),
                    rec.crashClass().label(),
                    p.entry(),
                    r.entries(),
                    p.at(),
                    p.outcome().mounted(),
                    p.outcome().mountS(),
                    p.outcome().checkOk(),
                    p.outcome().checkS(),
                    p.outcome().repairS(),
                    rec.violatedFiles(),
                    rec.violatedBytes(),
                    rec.lostFiles(),
                    rec.lostBytes(),
                    rec.violations(),
                    r.points().size(),
                    cell.seed(),
                    log,
                    cell.targetBytes(),
                    Math.round(cellS * 1000) / 1000.0,
                    others);
            rows.add(base(cell, cell.id() + "/" + p.entry(), start)
                    .status(Status.OK)
                    .realS(p.outcome().mountS() + p.outcome().checkS() + repair)
                    .endedAt(ended)
                    .kernel(release)
                    .virt(virt)
                    .crash(facts)
                    .build());
        }
        return rows;
    }

    /** The row of a cell that could not run. */
    public static Measurement failed(CrashPlan.Cell cell, String reason, Instant start) {
        return base(cell, cell.id(), start)
                .status(Status.FAILED)
                .reason(reason)
                .endedAt(Instant.now().toString())
                .build();
    }

    private static org.fsflow.result.MeasurementBuilder base(CrashPlan.Cell cell, String node, Instant start) {
        Map<String, String> coordinates = new LinkedHashMap<>();
        coordinates.put("filesystem", cell.filesystem());
        coordinates.put("workload", cell.workload());
        return Measurement.builder(node, STEP)
                .filesystem(cell.filesystem())
                .repeat(1)
                .cell(coordinates)
                .command(cell.check())
                .startedAt(start.toString())
                .mkfsOptions(List.of(cell.mkfs()))
                .mountOptions(cell.mountOptions().isEmpty() ? List.of() : List.of(cell.mountOptions()));
    }

    /** The crash points of {@code cell} in {@code done} when all of them are there, else 0. */
    public static int done(Collection<Measurement> done, CrashPlan.Cell cell) {
        String prefix = cell.id() + "/";
        List<Measurement> rows = done.stream()
                .filter(m -> m.crash() != null && m.node().startsWith(prefix))
                .toList();
        return !rows.isEmpty() && rows.size() == rows.get(0).crash().points() ? rows.size() : 0;
    }

    /** The line the run prints when a cell ends: its points by class. */
    public static String line(CrashPlan.Cell cell, CrashCell.Result r) {
        Map<String, Integer> classes = new TreeMap<>();
        r.points().forEach(p -> classes.merge(p.recovery().crashClass().label(), 1, Integer::sum));
        return "crash cell " + cell.id() + ": " + r.points().size() + " crash points of " + r.entries()
                + " log entries: " + classes + (r.log() == null ? "" : "; write log kept as " + r.log());
    }

    /**
     * Cuts the journal's last crash cell when a kill tore its rows (fewer than its points), so that
     * {@code resume} runs that cell again whole and no point is counted twice.
     */
    public static boolean cutPartialTail(Path journal) {
        if (!Files.isRegularFile(journal)) {
            return false;
        }
        long[] start = {-1};
        String[] cell = {null};
        int[] count = {0, 0};
        JournalReader.scan(journal, (m, offset) -> {
            String prefix =
                    m.crash() == null ? null : m.node().substring(0, m.node().lastIndexOf('/'));
            if (prefix != null && prefix.equals(cell[0]) && count[0] < count[1]) {
                count[0]++;
            } else if (prefix != null) {
                start[0] = offset;
                cell[0] = prefix;
                count[0] = 1;
                count[1] = m.crash().points();
            } else {
                cell[0] = null;
            }
        });
        if (cell[0] == null || count[0] >= count[1]) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.WRITE)) {
            ch.truncate(start[0]);
            ch.force(false);
            return true;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot cut the torn crash cell at the end of " + journal, e);
        }
    }
}
