package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first repetition far slower than every later one, right after another cell, is flagged with its
 * figures and the cell before it; within noise, or at the start of the cell's own rows, it is not.
 */
class CarryOverRuleTest {

    // cds-2009 at full size: three ext3 repetitions, then three xfs ones whose mkfs times are `xfs`
    private static List<Measurement> run(double... xfs) {
        List<Measurement> rows = new ArrayList<>();
        for (String fs : List.of("ext3", "xfs")) {
            Map<String, String> cell = cell(fs);
            for (int r = 1; r <= 3; r++) {
                double mkfs = fs.equals("ext3") ? 0.5 : xfs[r - 1];
                rows.add(Rows.row("n", cell, r, "mkfs", Status.OK, mkfs, null));
                rows.add(Rows.row("n", cell, r, "copy-in", Status.OK, 30.0 + r, null));
                rows.add(Rows.row("n", cell, r, "umount", Status.OK, 0.03, null));
            }
        }
        return rows;
    }

    // the cell's coordinates in axis order, as a run stores them
    private static Map<String, String> cell(String fs) {
        Map<String, String> c = new java.util.LinkedHashMap<>();
        c.put("dataset", "test1");
        c.put("filesystem", fs);
        return c;
    }

    private static List<String> check(List<Measurement> rows) {
        try {
            RunEnvironment env = Json.MAPPER.readValue("{}", RunEnvironment.class);
            return new CarryOverRule().check(new Evidence(ResultSet.of(rows), env, List.of()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theSlowFirstMkfsAfterAnotherCellIsNamedWithItsFigures() {
        List<String> w = check(run(0.814, 0.032, 0.022));
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("test1/xfs/mkfs 0.81 s against at most 0.03 s, after test1/ext3"), w.get(0));
        assertTrue(w.get(0).contains("kept in the means"), w.get(0));
    }

    @Test
    void aReportsOnePassOverTheJournalFindsTheSameCellBefore(@TempDir Path dir) throws Exception {
        // a report scans the journal keeping no row: the cell before is taken while reading
        try (Journal j = Journal.open(dir.resolve(Journal.FILE))) {
            j.appendAll(run(0.814, 0.032, 0.022));
        }
        RunEnvironment env = Json.MAPPER.readValue("{}", RunEnvironment.class);
        List<String> w = new CarryOverRule().check(new Evidence(ResultSet.scan(dir, m -> {}), env, List.of()));
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("test1/xfs/mkfs 0.81 s against at most 0.03 s, after test1/ext3"), w.get(0));
    }

    @Test
    void withinNoiseOrByLessThanTheMarginItIsNotFlagged() {
        assertEquals(List.of(), check(run(0.05, 0.03, 0.02)), "3x but only 0.02 s more");
        assertEquals(List.of(), check(run(0.30, 0.12, 0.2)), "0.1 s more but not 3x");
        assertEquals(
                List.of(), check(run(0.2, 0.032, 0.022).subList(9, 18)), "xfs first in the run: nothing before it");
    }

    @Test
    void aSlowFirstRepetitionAfterItsOwnCellIsNoCarryOver() {
        // the cell's first row follows a row of the same cell (a before-step kept apart): not flagged
        Map<String, String> cell = cell("xfs");
        List<Measurement> rows = new ArrayList<>();
        rows.add(Rows.row("n", cell, 1, "prepare", Status.OK, 0.01, null));
        for (int r = 1; r <= 3; r++) {
            rows.add(Rows.row("n", cell, r, "mkfs", Status.OK, r == 1 ? 0.8 : 0.03, null));
        }
        assertEquals(List.of(), check(rows));
    }
}
