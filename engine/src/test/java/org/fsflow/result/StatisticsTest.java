package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The comparison's statistics against independent computations: the Fieller interval and Welch's
 * p-value against SciPy (brentq on the pivot (a - r b)² / (va + r² vb) = t², t at the
 * Welch-Satterthwaite df of the estimated ratio; scipy.stats.ttest_ind(equal_var=False)), and
 * Benjamini-Hochberg against the worked example of Benjamini and Hochberg (1995).
 */
class StatisticsTest {

    static final Summary BASE = Summary.of(new double[] {10.2, 9.8, 10.5, 10.1, 9.9});
    static final Summary OTHER = Summary.of(new double[] {12.9, 13.4, 12.6, 13.1});

    @Test
    void fiellerIntervalMatchesScipyRootFinding() {
        Fieller.Interval i = Fieller.ratio(OTHER, BASE);
        assertEquals(1.2871287128712872, i.ratio(), 1e-12);
        assertEquals(1.2336926919569633, i.low(), 1e-9);
        assertEquals(1.3427215673944688, i.high(), 1e-9);
    }

    @Test
    void fiellerIntervalIsAsymmetricAndHoldsThePointEstimate() {
        Fieller.Interval i = Fieller.ratio(OTHER, BASE);
        assertTrue(i.low() < i.ratio() && i.ratio() < i.high());
        assertTrue(i.high() - i.ratio() > i.ratio() - i.low(), "a ratio's interval leans up");
    }

    @Test
    void fiellerIsUnboundedWhenTheBaselineMeanIsIndistinguishableFromZero() {
        Fieller.Interval i = Fieller.ratio(OTHER, Summary.of(new double[] {-1, 1.5, 0.2}));
        assertFalse(i.bounded());
    }

    @Test
    void fiellerOfConstantsIsThePointAndOfOneValueIsNone() {
        Fieller.Interval c = Fieller.ratio(Summary.of(new double[] {4, 4}), Summary.of(new double[] {2, 2, 2}));
        assertEquals(2, c.low());
        assertEquals(2, c.high());
        assertFalse(Fieller.ratio(Summary.of(new double[] {4}), BASE).bounded());
    }

    @Test
    void welchPValueMatchesScipy() {
        assertEquals(1.1194314119739166e-05, Welch.pValue(BASE, OTHER), 1e-12);
        assertTrue(Double.isNaN(Welch.pValue(Summary.of(new double[] {0, 0}), Summary.of(new double[] {0, 0, 0}))));
        // different constants: the exact permutation p of complete separation, 2 / C(n1 + n2, n1)
        assertEquals(
                2.0 / 20, Welch.pValue(Summary.of(new double[] {1, 1, 1}), Summary.of(new double[] {2, 2, 2})), 1e-12);
        assertEquals(
                2.0 / 252,
                Welch.pValue(Summary.of(new double[] {0, 0, 0, 0, 0}), Summary.of(new double[] {1, 1, 1, 1, 1})),
                1e-12);
    }

    @Test
    void benjaminiHochbergRejectsTheFourOfThePapersExample() {
        // Benjamini and Hochberg (1995), section 4.2: 15 p-values, q = 0.05 rejects the four smallest
        double[] p = {
            0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528,
            0.7590, 1.0000
        };
        double[] q = FalseDiscovery.adjust(p);
        long rejected = Arrays.stream(q).filter(v -> v <= FalseDiscovery.RATE).count();
        assertEquals(4, rejected);
        // by hand: q(4) = min over j >= 4 of p(j) 15 / j = 0.0095 * 15 / 4
        assertEquals(0.0095 * 15 / 4, q[3], 1e-12);
        assertEquals(0.0015, q[0], 1e-12); // min(0.0001 * 15, 0.0004 * 15 / 2, ...) = 0.0015
        assertEquals(1.0, q[14], 1e-12);
    }

    @Test
    void benjaminiHochbergKeepsOrderAndIgnoresUntested() {
        double[] q = FalseDiscovery.adjust(new double[] {0.04, Double.NaN, 0.01, 0.03});
        // m = 3: sorted 0.01, 0.03, 0.04 -> 0.03, 0.045, 0.04 -> monotone: 0.03, 0.04, 0.04
        assertEquals(0.04, q[0], 1e-12);
        assertTrue(Double.isNaN(q[1]));
        assertEquals(0.03, q[2], 1e-12);
        assertEquals(0.04, q[3], 1e-12);
    }
}
