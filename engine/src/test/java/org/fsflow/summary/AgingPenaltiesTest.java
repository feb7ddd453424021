package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Fieller;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;

/** Aged against fresh: each aged cell's twin, the ratio per step and its Fieller interval; no penalty for mkfs. */
class AgingPenaltiesTest {

    private static Measurement row(String fs, String age, int r, String step, Status status, Double real) {
        return Rows.row(
                "d/" + fs + "/" + age + "/r" + r + "/" + step,
                Map.of("dataset", "d", "filesystem", fs, "age", age),
                r,
                step,
                status,
                real,
                status == Status.SKIPPED ? "aged cell: the aged image was written to the device instead" : null);
    }

    @Test
    void eachStepOfEachFilesystemAgainstItsFreshTwin() {
        List<Measurement> rows = new ArrayList<>();
        double[] fresh = {1.00, 1.02, 0.98};
        double[] aged = {1.50, 1.53, 1.47};
        for (int r = 1; r <= 3; r++) {
            rows.add(row("ext4", "fresh", r, "mkfs", Status.OK, 0.1));
            rows.add(row("ext4", "aged", r, "mkfs", Status.SKIPPED, null));
            rows.add(row("ext4", "fresh", r, "read", Status.OK, fresh[r - 1]));
            rows.add(row("ext4", "aged", r, "read", Status.OK, aged[r - 1]));
            rows.add(row("xfs", "fresh", r, "read", Status.OK, 2.0 + (r - 2) * 0.05));
            rows.add(row("xfs", "aged", r, "read", Status.OK, 2.0 - (r - 2) * 0.05));
        }
        AgingPenalties.Aging a = AgingPenalties.of(ResultSet.of(rows), List.of(), List.of("mkfs", "read"));
        assertEquals(2, a.penalties().size(), a.penalties().toString());
        AgingPenalties.Penalty ext4 = a.penalties().get(0);
        assertEquals("read", ext4.step());
        assertEquals("ext4", ext4.filesystem());
        assertEquals(Map.of("dataset", "d"), ext4.where());
        Fieller.Interval i = ext4.ratio();
        assertEquals(1.5, i.ratio(), 1e-12);
        assertTrue(i.bounded() && i.low() > 1.4 && i.high() < 1.6, i.toString());
        // xfs: the same means, the interval around 1
        Fieller.Interval x = a.penalties().get(1).ratio();
        assertEquals(1.0, x.ratio(), 1e-12);
        assertTrue(x.low() < 1 && x.high() > 1, x.toString());
    }

    @Test
    void withoutAgedCellsThereIsNoAgingPart() {
        List<Measurement> rows = List.of(row("ext4", "fresh", 1, "read", Status.OK, 1.0));
        assertEquals(AgingPenalties.Aging.NONE, AgingPenalties.of(ResultSet.of(rows), List.of(), List.of("read")));
    }
}
