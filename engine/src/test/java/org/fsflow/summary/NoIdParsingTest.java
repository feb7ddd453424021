package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Steps named like repetitions and axes ({@code r1}, {@code recopy}, {@code run-2}), a filesystem
 * called {@code r2} and an axis value {@code r3}: the series, tables and the Skipped list come out
 * right only if every key is taken from a measurement's own fields, never from its node id. The
 * node ids here are the planner's, but each row also has a decoy twin whose node id lies.
 */
class NoIdParsingTest {

    static final List<String> STEPS = List.of("r1", "recopy", "run-2");

    @TempDir
    Path dir;

    static Map<String, String> cell(String dataset, String fs, String size) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("dataset", dataset);
        c.put("filesystem", fs);
        c.put("size", size);
        return c;
    }

    /** Two measured cells (filesystem r2, and ext4 with axis value r3), one skipped cell (jfs). */
    static List<Measurement> rows() {
        List<Measurement> out = new ArrayList<>();
        for (Map<String, String> c : List.of(cell("d", "r2", "r3"), cell("d", "ext4", "r3"), cell("d", "jfs", "r3"))) {
            String id = String.join("/", c.values());
            for (int r = 1; r <= 3; r++) {
                for (String step : STEPS) {
                    String node = id + "/r" + r + "/" + step;
                    boolean skipped = c.get("filesystem").equals("jfs");
                    out.add(Rows.row(
                            node,
                            c,
                            r,
                            step,
                            skipped ? Status.SKIPPED : Status.OK,
                            skipped
                                    ? null
                                    : 1.0 + r / 10.0 + (c.get("filesystem").equals("r2") ? 1 : 0),
                            skipped ? "no jfs here" : null));
                }
            }
        }
        return out;
    }

    @Test
    void seriesAreKeyedByTheMeasurementsOwnFields() {
        ResultSet results = ResultSet.of(rows());
        assertEquals(9, results.series().size(), "3 cells x 3 steps");
        for (Series s : results.series()) {
            assertEquals(3, s.rows().size(), s.key().toString());
            assertTrue(STEPS.contains(s.key().step()), s.key().toString());
            assertEquals("d", s.key().dataset());
        }
        Series r2 = results.series(ResultSet.cellOf(rows().get(0)), "recopy");
        assertEquals("r2", r2.key().filesystem());
        assertEquals(List.of(2.1, 2.2, 2.3), List.of(r2.realTimes()[0], r2.realTimes()[1], r2.realTimes()[2]));
        assertEquals(2, results.get(ResultSet.cellOf(rows().get(0)), 2, "r1").repeat());
    }

    @Test
    void aLyingNodeIdChangesNothing() {
        List<Measurement> lying = rows().stream()
                .map(m -> Rows.row("x/r9/r1/r2", m.cell(), m.repeat(), m.step(), m.status(), m.realS(), m.reason()))
                .toList();
        RunSummary honest = Summarizer.summarize(ResultSet.of(rows()), RunEnvironment.read(dir));
        RunSummary liar = Summarizer.summarize(ResultSet.of(lying), RunEnvironment.read(dir));
        assertEquals(shape(honest), shape(liar));
        assertEquals(honest.skipped(), liar.skipped());
        assertEquals(honest.warnings(), liar.warnings());
    }

    // every figure of every table, as text (Summary holds an array, so records do not compare by value)
    static String shape(RunSummary s) {
        StringBuilder out = new StringBuilder();
        for (DatasetSummary d : s.datasets()) {
            out.append(d.name()).append(d.steps()).append(d.columns()).append('\n');
            for (MetricGrid g : d.figures().stream().map(d::time).toList()) {
                for (MetricGrid.Row row : g.rows()) {
                    out.append(g.metric().key()).append(' ').append(row.step());
                    for (Ranked r : row.cells()) {
                        out.append(
                                r.stats() == null
                                        ? " -"
                                        : " " + r.stats().n() + ":" + r.stats().mean() + ":" + r.best() + ":"
                                                + r.ratio() + ":" + r.tie());
                    }
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    @Test
    void tablesHaveTheRealStepsAndColumnsAndSkippedOnlyRealCells() {
        RunSummary s = Summarizer.summarize(ResultSet.of(rows()), RunEnvironment.read(dir));
        DatasetSummary d = s.datasets().get(0);
        assertEquals(1, s.datasets().size());
        assertEquals(STEPS, d.steps());
        assertEquals(List.of("r2/r3", "ext4/r3", "jfs/r3"), d.columns());
        MetricGrid.Row recopy = d.time(TimeFigure.REAL).rows().get(1);
        assertEquals("recopy", recopy.step());
        assertTrue(recopy.cells().get(1).best(), "ext4 is faster than r2");
        assertEquals(3, recopy.cells().get(0).stats().n());
        assertEquals(1, s.skipped().size(), s.skipped().toString());
        assertEquals("d/jfs/r3", s.skipped().get(0).label());
        assertEquals(9, s.skipped().get(0).steps());
    }

    @Test
    void theRenderedSkippedTableListsOnlyRealCells() throws IOException {
        try (Journal j = Journal.open(dir.resolve(Journal.FILE))) {
            rows().forEach(j::append);
        }
        org.fsflow.StoredReport.render(dir);
        String md = Files.readString(dir.resolve("report.md"));
        String skipped = md.substring(md.indexOf("## Skipped"), md.indexOf("## Rows worth a look"));
        assertEquals(
                List.of("| cell | steps | reason |", "|---|--:|---|", "| d/jfs/r3 | 9 | no jfs here |"),
                skipped.lines().filter(l -> l.startsWith("|")).toList());
        assertTrue(md.contains("| r1 |") && md.contains("| recopy |") && md.contains("| run-2 |"), md);
    }
}
