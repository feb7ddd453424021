package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.junit.jupiter.api.Test;

class NotableRowsTest {

    private static Measurement row(String fs, int repeat, String status, Double real) throws IOException {
        String json = "{\"node\":\"d/" + fs + "/r" + repeat + "/copy\",\"step\":\"copy\",\"dataset\":\"d\","
                + "\"filesystem\":\"" + fs + "\",\"repeat\":" + repeat
                + ",\"cell\":{\"dataset\":\"d\",\"filesystem\":\""
                + fs + "\"},\"command\":\"cp\",\"status\":\"" + status + "\",\"reason\":null"
                + (real == null ? "" : ",\"real_s\":" + real) + ",\"metrics\":{}}";
        return Json.MAPPER.readValue(json, Measurement.class);
    }

    @Test
    void failuresAndRealTimeOutliersInJournalOrderAndNothingElse() throws IOException {
        List<Measurement> rows = new ArrayList<>();
        double[] ext4 = {1.00, 1.01, 0.99, 1.02, 5.0, 1.00};
        for (int r = 0; r < ext4.length; r++) {
            rows.add(row("ext4", r + 1, "ok", ext4[r]));
        }
        rows.add(row("xfs", 1, "ok", 2.0));
        rows.add(row("xfs", 2, "failed", null));
        rows.add(row("xfs", 3, "ok", 2.1));
        ResultSet results = ResultSet.of(rows);
        List<NotableRows.Notable> notable = NotableRows.of(results);
        assertEquals(
                List.of("d/ext4/r5/copy outlier", "d/xfs/r2/copy failed"),
                notable.stream()
                        .map(n -> results.row(n.id()).node() + " " + n.why())
                        .toList());
    }

    @Test
    void aSteadyRunHasNoRowWorthALook() throws IOException {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 5; r++) {
            rows.add(row("ext4", r, "ok", 1.0 + r / 100.0));
        }
        assertEquals(List.of(), NotableRows.of(ResultSet.of(rows)));
    }
}
