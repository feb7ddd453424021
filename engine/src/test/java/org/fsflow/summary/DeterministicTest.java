package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fsflow.result.Summary;
import org.junit.jupiter.api.Test;

/** Zero-variance measures against a stated tolerance, and the launch floor, on the published reports. */
class DeterministicTest {

    @Test
    void onlyMeasuresWithoutVarianceAreDeterministic() {
        Summary capacity = Summary.of(new double[] {92.59, 92.59, 92.59});
        Summary time = Summary.of(new double[] {1.0, 1.1, 0.9});
        assertTrue(Deterministic.of(capacity, Summary.of(new double[] {98.83, 98.83, 98.83})));
        assertFalse(Deterministic.of(capacity, time));
        assertFalse(Deterministic.of(capacity, null));
    }

    @Test
    void piszczsSixCapacityFindingsGetVerdicts() {
        long judged = PublishedVerdicts.of("piszcz-2006").verdicts().stream()
                .filter(v -> v.finding().metric().equals("usable_pct"))
                .peek(v -> assertTrue(
                        v.test().startsWith("deterministic"), v.finding().id() + ": " + v.test()))
                .filter(v -> v.outcome() != Verdict.Outcome.INCONCLUSIVE)
                .count();
        assertEquals(6, judged);
        Verdict ext3 = PublishedVerdicts.finding("piszcz-2006", "capacity-usable-xfs-ext3");
        assertEquals(92.59, ext3.denominator().stats().mean(), 0.005);
        assertEquals(Verdict.Outcome.REPRODUCED, ext3.outcome(), ext3.reason());
        assertEquals(
                FindingClass.TESTABLE,
                PublishedVerdicts.finding("piszcz-2006", "capacity-usable-reiserfs-jfs")
                        .triage()
                        .kind());
    }

    @Test
    void cdsDelete1IsNotVetoedByTheLaunchFloor() {
        Verdict v = PublishedVerdicts.finding("cds-2009", "delete-test1-real-xfs-ext3");
        assertTrue(v.reason().contains("the floor removed or added moves the ratio"), v.reason());
        assertFalse(v.reason().contains("start-up could turn it round"), v.reason());
        assertEquals(Verdict.Outcome.REPRODUCED, v.outcome(), v.reason());
    }
}
