package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Statistics against values computed independently: means, medians and standard deviations with
 * Python 3.11's statistics module (mean, median, stdev); Student t quantiles as R gives them
 * (qt(0.975, df)); the outlier by hand with Iglewicz and Hoaglin's formula.
 */
class SummaryTest {

    // R: qt(0.975, 1), qt(0.975, 2)
    static final double T1 = 12.706204736174703;
    static final double T2 = 4.302652729911275;

    @Test
    void threeRunsAsInSeed000() {
        // seed 000's ext3 copy-within of test1 had means like these; three repetitions
        Summary s = Summary.of(new double[] {624.69, 662.29, 805.84});
        assertEquals(3, s.n());
        assertEquals(697.6066666666667, s.mean(), 1e-9);
        assertEquals(662.29, s.median(), 1e-12);
        assertEquals(95.59958594749945, s.sd(), 1e-9);
        double half = T2 * 95.59958594749945 / Math.sqrt(3);
        assertEquals(697.6066666666667 - half, s.ciLow(), 1e-6);
        assertEquals(697.6066666666667 + half, s.ciHigh(), 1e-6);
        assertEquals(95.59958594749945 / 697.6066666666667, s.cv(), 1e-12);
        assertEquals(624.69, s.min());
        assertEquals(805.84, s.max());
    }

    @Test
    void twoValues() {
        Summary s = Summary.of(new double[] {1.0, 2.0});
        assertEquals(0.7071067811865476, s.sd(), 1e-12);
        assertEquals(T1 * 0.7071067811865476 / Math.sqrt(2), s.ciHalfWidth(), 1e-9);
        assertTrue(s.outliers().isEmpty());
    }

    @Test
    void oneValueHasNoSpread() {
        Summary s = Summary.of(new double[] {0.52});
        assertEquals(0.52, s.mean());
        assertTrue(Double.isNaN(s.sd()) && Double.isNaN(s.ciLow()) && Double.isNaN(s.cv()));
        assertFalse(s.differsFrom(Summary.of(new double[] {9, 9.1})), "no test with n = 1");
    }

    @Test
    void identicalValues() {
        Summary s = Summary.of(new double[] {3.3, 3.3, 3.3, 3.3});
        assertEquals(0.0, s.sd(), 0);
        assertEquals(3.3, s.ciLow(), 1e-12);
        assertEquals(0.0, s.cv(), 0);
        assertTrue(s.outliers().isEmpty());
        assertFalse(s.differsFrom(Summary.of(new double[] {3.3, 3.3})));
        assertTrue(s.differsFrom(Summary.of(new double[] {3.4, 3.4})));
    }

    @Test
    void aClearOutlierIsFlagged() {
        // median 10.15, MAD 0.15: the modified z-score of 30.0 is 0.6745 * 19.85 / 0.15 = 89.3; of 9.9, 1.12
        Summary s = Summary.of(new double[] {10.1, 10.3, 9.9, 10.0, 10.2, 30.0});
        assertEquals(List.of(5), s.outliers());
        assertEquals(13.416666666666666, s.mean(), 1e-12);
        assertEquals(8.125371786365635, s.sd(), 1e-9);
    }

    @Test
    void welchTellsARealDifferenceFromNoise() {
        // R: t.test(c(1,2,3), c(1.5,2.5,3.5)) gives p = 0.5734; the second pair differs clearly
        assertFalse(Summary.of(new double[] {1, 2, 3}).differsFrom(Summary.of(new double[] {1.5, 2.5, 3.5})));
        assertTrue(Summary.of(new double[] {10.1, 10.3, 9.9, 10.0, 10.2})
                .differsFrom(Summary.of(new double[] {11.0, 11.2, 10.9, 11.1})));
    }
}
