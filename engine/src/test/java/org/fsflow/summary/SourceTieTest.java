package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fsflow.result.Summary;
import org.junit.jupiter.api.Test;

/**
 * Ties in the source and their equivalence tests, on constructed series and on the published
 * reports: seed 000's 331.53 against 331.44 s, delete-test2's CPU, seed 003's rewrite.
 */
class SourceTieTest {

    @Test
    void equivalentSeriesPassTheTwoOneSidedTestsAndShiftedOnesDoNot() {
        Summary base = Summary.of(new double[] {10.0, 10.1, 9.9, 10.05, 9.95});
        Summary same = Summary.of(new double[] {10.02, 10.08, 9.92, 10.0, 9.98});
        Summary shifted = Summary.of(new double[] {12.0, 12.1, 11.9, 12.05, 11.95});
        assertTrue(Equivalence.p(same, base, Equivalence.MARGIN) < 0.05);
        assertTrue(Equivalence.p(shifted, base, Equivalence.MARGIN) > 0.5);
        // at the margin itself: a one-sided test of a statistic at 0 gives 0.5
        Summary atMargin = Summary.of(new double[] {11.0, 11.11, 10.89, 11.055, 10.945});
        assertEquals(0.5, Equivalence.p(atMargin, base, Equivalence.MARGIN), 0.05);
    }

    @Test
    void seed000sCopyOf331Against331SecondsIsAnEquivalenceTest() {
        Verdict v = PublishedVerdicts.finding("cds-2009", "copy-in-test2-real-xfs-ext3");
        assertTrue(v.tie().tie(), v.tie().why());
        assertTrue(v.test().startsWith("equivalence within [0.909, 1.10] (TOST p = "), v.test());
        assertNotEquals(Verdict.Outcome.DIRECTION_ONLY, v.outcome());
        assertFalse(v.reason().contains("higher"), v.reason());
    }

    @Test
    void delete2CpuIsATieThatFsflowsX238Contradicts() {
        Verdict v = PublishedVerdicts.finding("cds-2009", "delete-test2-cpu-xfs-ext3");
        assertEquals(5.42, v.finding().figures().numerator());
        assertEquals(5.14, v.finding().figures().denominator());
        assertTrue(v.tie().tie(), v.tie().why());
        assertEquals(2.38, v.interval().ratio(), 0.01);
        assertEquals(Verdict.Outcome.CONTRADICTED, v.outcome(), v.reason());
    }

    @Test
    void seed003sRewriteIsATieByItsOwnEightRuns() {
        Verdict v = PublishedVerdicts.finding("bonnie-raid0-2007", "rewrite-xfs-ext3");
        assertTrue(v.tie().tie(), v.tie().why());
        assertTrue(
                v.tie().why().contains("own 8 and 8 runs (Welch p = 0.607)"),
                v.tie().why());
        assertNotEquals(Verdict.Outcome.CONTRADICTED, v.outcome(), v.reason());
        Verdict seeks = PublishedVerdicts.finding("bonnie-raid0-2007", "seeks-jfs-ext3-vm");
        assertTrue(seeks.tie().why().contains("(Welch p = 0.181)"), seeks.tie().why());
        // block reads: 192,057 against 141,195 KiB/s, a direction by the same test
        assertFalse(PublishedVerdicts.finding("bonnie-raid0-2007", "block-read-xfs-ext3")
                .tie()
                .tie());
    }

    @Test
    void aDirectionIsJudgedByTheRatioOfRatiosAgainstTheTolerance() {
        Verdict v = PublishedVerdicts.finding("cds-2009", "mkfs-real-xfs-ext3");
        assertFalse(v.tie().tie());
        assertTrue(v.test().equals("direction, then the ratio of ratios within ×2.00"), v.test());
        assertEquals(
                v.interval().ratio() / v.finding().ratio(), v.ratioOfRatios().ratio(), 1e-12);
    }
}
