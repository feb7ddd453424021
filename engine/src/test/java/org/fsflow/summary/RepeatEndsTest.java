package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.summary.RepeatEnds.Ended;
import org.junit.jupiter.api.Test;

class RepeatEndsTest {

    static List<Measurement> rows(String kind, double... seconds) {
        List<Measurement> out = new ArrayList<>();
        for (int r = 1; r <= seconds.length; r++) {
            Map<String, String> cell = Map.of("kind", kind);
            out.add(Measurement.builder(kind + "/r" + r + "/mkfs", "mkfs")
                    .cell(cell)
                    .repeat(r)
                    .status(Status.OK)
                    .realS(0.5 + r)
                    .build());
            out.add(Measurement.builder(kind + "/r" + r + "/copy", "copy")
                    .cell(cell)
                    .repeat(r)
                    .status(Status.OK)
                    .realS(seconds[r - 1])
                    .build());
        }
        return out;
    }

    static List<org.fsflow.result.Series> series(List<Measurement> rows) {
        return org.fsflow.result.ResultSet.of(rows).series();
    }

    static Map<String, String> settings(String precision, String budget) {
        Map<String, String> s = new java.util.HashMap<>(Map.of("repeat_min", "2", "repeat_max", "4", "warmup", "0"));
        if (precision != null) {
            s.put("repeat_precision", precision);
        }
        if (budget != null) {
            s.put("repeat_budget_s", budget);
        }
        return s;
    }

    @Test
    void eachWorkloadSeriesSaysWhatEndedItsRounds() {
        List<Measurement> rows = new ArrayList<>();
        rows.addAll(rows("steady", 1.0, 1.0)); // precision 0: met at n = 2
        rows.addAll(rows("noisy", 1.0, 2.0, 1.0, 2.0)); // four, the max, still wide
        rows.addAll(rows("short", 1.0, 2.0, 1.5)); // three, below max, still wide
        List<RepeatEnds.Row> ends = RepeatEnds.of(series(rows), settings("0.05", null));
        assertEquals(
                List.of("steady copy 2 TARGET", "noisy copy 4 MAX", "short copy 3 STOPPED"),
                ends.stream()
                        .map(r -> r.cell() + " " + r.step() + " " + r.n() + " " + r.ended())
                        .toList(),
                "the built-in mkfs is not a series when the scenario has a workload");
        assertEquals(
                Ended.BUDGET,
                RepeatEnds.of(series(rows), settings("0.05", "7200")).get(2).ended());
        assertEquals(0.0, ends.get(0).precision(), 1e-12);
    }

    @Test
    void aRepetitionWhoseStepWasTakenAgainCountsTowardsMax() {
        List<Measurement> rows = new ArrayList<>(rows("retook", 1.0, 2.0, 1.0, 2.0));
        // its second copy was disturbed and taken again: three values, four repetitions, the max
        rows.set(3, rows.get(3).toBuilder().disturbance(true, true).build());
        RepeatEnds.Row end =
                RepeatEnds.of(series(rows), settings("0.05", "7200")).get(0);
        assertEquals(3, end.n());
        assertEquals(Ended.MAX, end.ended(), "the walker stopped it at max, whatever the budget left");
    }

    @Test
    void aFixedCountOrAnOlderRunHasNoSeries() {
        assertEquals(List.of(), RepeatEnds.of(series(rows("a", 1.0, 2.0)), settings(null, null)));
        assertEquals(List.of(), RepeatEnds.of(series(rows("a", 1.0, 2.0)), Map.of()));
    }
}
