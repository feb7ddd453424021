package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.plan.Cell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run directory read on its own: its series by cell and step, each with its values. */
class ResultSetTest {

    @Test
    void aRunDirectoryIsSeriesByCellAndStep() {
        ResultSet results = ResultSet.load(TestPaths.resources("report/golden"));
        assertEquals(36, results.size());
        assertEquals(
                List.of("small/ext4", "small/xfs"),
                results.cells().stream().map(Cell::id).toList());
        assertEquals(12, results.series().size(), "2 cells x 6 steps");
        for (Series s : results.series()) {
            assertEquals("small", s.key().dataset());
            assertEquals(3, s.realTimes().length, s.key().toString());
        }
        Cell xfs = results.cells().get(1);
        assertEquals("xfs", xfs.filesystem());
        Series walk = results.series(xfs, "walk");
        assertEquals(walk.rows().get(1), results.get(xfs, 2, "walk"));
        assertEquals(walk.rows().get(1).realS(), walk.realTimes()[1]);
        assertEquals(0, results.series(xfs, "no-such-step").rows().size());
        assertNull(results.get(xfs, 4, "walk"));
    }

    @Test
    void aJournalWithoutCellCoordinatesFallsBackToDatasetAndFilesystem(@TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve(Journal.FILE),
                "{\"node\":\"whatever\",\"step\":\"copy\",\"dataset\":\"a\","
                        + "\"filesystem\":\"ext4\",\"repeat\":1,\"status\":\"ok\",\"real_s\":1.5}\n");
        ResultSet results = ResultSet.load(dir);
        Cell cell = results.cells().get(0);
        assertEquals(new Cell("a/ext4", Map.of("dataset", "a", "filesystem", "ext4")), cell);
        assertEquals(1.5, results.series(cell, "copy").summary(Metric.REAL_S).mean());
    }

    @Test
    void rowsOfOneCellShareItsMapAndInterleavedCellsStillFindTheirSeries(@TempDir Path dir) throws IOException {
        String[] cells = {
            "{\"dataset\":\"a\",\"filesystem\":\"ext4\"}",
            "{\"dataset\":\"a\",\"filesystem\":\"ext4\"}",
            "{\"dataset\":\"a\",\"filesystem\":\"xfs\"}",
            "{\"filesystem\":\"ext4\",\"dataset\":\"a\"}",
            "{\"dataset\":\"a\",\"filesystem\":\"ext4\"}"
        };
        StringBuilder journal = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            journal.append("{\"node\":\"n")
                    .append(i)
                    .append("\",\"step\":\"copy\",\"repeat\":")
                    .append(i + 1)
                    .append(",\"cell\":")
                    .append(cells[i])
                    .append(",\"status\":\"ok\",\"real_s\":")
                    .append(i + 1)
                    .append("}\n");
        }
        Files.writeString(dir.resolve(Journal.FILE), journal.toString());
        List<Measurement> rows = Journal.read(dir.resolve(Journal.FILE));
        assertSame(rows.get(0).cell(), rows.get(1).cell(), "the same cell, one after the other");
        assertNotSame(rows.get(1).cell(), rows.get(2).cell());
        assertNotSame(rows.get(2).cell(), rows.get(3).cell());
        assertEquals(
                List.of("filesystem", "dataset"), List.copyOf(rows.get(3).cell().keySet()), "its own order");
        assertNotSame(rows.get(3).cell(), rows.get(4).cell(), "equal, but in another order");

        ResultSet scanned = ResultSet.scan(dir, m -> {});
        assertEquals(
                List.of("a/ext4", "a/xfs"),
                scanned.cells().stream().map(Cell::id).toList());
        Cell ext4 = scanned.cells().get(0);
        assertEquals(4, scanned.series(ext4, "copy").counted());
        assertEquals(
                List.of(1.0, 2.0, 4.0, 5.0),
                java.util.Arrays.stream(scanned.series(ext4, "copy").realTimes())
                        .boxed()
                        .toList());
        assertEquals(ResultSet.of(rows).cells(), scanned.cells());
    }
}
