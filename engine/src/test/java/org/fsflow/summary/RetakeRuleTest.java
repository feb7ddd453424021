package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;

/** The report counts the measurements taken again and the disturbed ones counted, and bills the retakes' time apart. */
class RetakeRuleTest {

    static Measurement row(int r, boolean disturbed, boolean retaken) {
        return Measurement.builder("ext4/r" + r + "/copy", "copy")
                .filesystem("ext4")
                .repeat(r)
                .cell(java.util.Map.of("filesystem", "ext4"))
                .status(Status.OK)
                .realS(2.0)
                .hostOtherCpuS(disturbed ? 1.8 : 0.0)
                .startedAt("2026-01-01T00:00:0" + r + "Z")
                .endedAt("2026-01-01T00:00:0" + (r + 1) + "Z")
                .disturbance(disturbed, retaken)
                .build();
    }

    static RunEnvironment environment() {
        try {
            return Json.MAPPER.readValue("{}", RunEnvironment.class);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Evidence evidence(List<Measurement> rows) {
        return new Evidence(ResultSet.of(rows), environment(), List.of());
    }

    @Test
    void retakesAreCountedAndNamedAndTheDisturbedOnesLeftCountedAreSaid() throws Exception {
        List<Measurement> rows =
                new ArrayList<>(List.of(row(1, true, true), row(2, false, false), row(3, true, false)));
        rows.add(row(4, false, false));
        List<String> w = new RetakeRule().check(evidence(rows));
        assertEquals(1, w.size(), w.toString());
        assertTrue(
                w.get(0).startsWith("1 measurement was taken while other processes used more than half a CPU"),
                w.get(0));
        assertTrue(w.get(0).contains(": ext4/r1/copy."), w.get(0));
        assertTrue(
                w.get(0)
                        .endsWith(
                                "1 more were disturbed after their cell had used its retakes: marked disturbed and counted."),
                w.get(0));
        assertEquals(3, ResultSet.of(rows).series().get(0).counted(), "the retaken row is out of the statistics");
    }

    @Test
    void aRunWithoutRetakesSaysNothing() throws Exception {
        assertEquals(List.of(), new RetakeRule().check(evidence(List.of(row(1, true, false), row(2, false, false)))));
    }

    @Test
    void aRetakesTimeIsBilledToRetakesNotToTheMeasuredSteps() {
        ResultSet results = ResultSet.of(List.of(row(1, true, true), row(2, false, false)));
        TimeSpent t = TimeAccounts.of(
                results.stepTimes(),
                environment(),
                java.util.Optional.of(new org.fsflow.result.Timeline.Rows(List.of(), 0)));
        TimeSpent.PlaceTime host = t.places().get(0);
        assertEquals(2.0, host.measuredSeconds(), 1e-9);
        assertEquals(2.0, host.phaseSeconds().get(org.fsflow.result.Phase.RETAKES), 1e-9);
    }
}
