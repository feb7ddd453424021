package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Running moments against the statistics of the kept values. */
class MomentsTest {

    private static Moments of(double[] values) {
        Moments m = new Moments();
        for (double v : values) {
            m.add(v);
        }
        return m;
    }

    @Test
    void theMeanIsTheOneOfTheKeptValuesToTheBitAndTheVarianceToRounding() {
        Random random = new Random(7);
        for (int trial = 0; trial < 2000; trial++) {
            double[] v = new double[2 + random.nextInt(200)];
            for (int i = 0; i < v.length; i++) {
                v[i] = Math.exp(random.nextGaussian() * 3) * (random.nextBoolean() ? 1 : 1e-3);
            }
            Moments m = of(v);
            Summary exact = Summary.of(v);
            assertEquals(exact.mean(), m.mean(), 0.0);
            assertEquals(exact.sd(), Math.sqrt(m.variance()), 1e-12 * exact.sd());
            assertEquals(exact.min(), m.min(), 0.0);
            assertEquals(exact.max(), m.max(), 0.0);
        }
    }

    @Test
    void mergedMomentsAreThoseOfAllTheValues() {
        double[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        double[] b = {2.5, 3.5, 100};
        Moments m = of(a);
        m.addAll(of(b));
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Summary exact = Summary.of(all);
        assertEquals(exact.mean(), m.mean(), 1e-12);
        assertEquals(exact.sd(), Math.sqrt(m.variance()), 1e-12);
        assertEquals(15, m.n());
        assertArrayEquals(all, m.values());
        m.addAll(of(new double[] {4, 5}));
        assertNull(m.values(), "more than " + Moments.KEPT + " values: only the moments");
    }

    @Test
    void aFigureOfAtMostSixteenValuesGetsTheStatisticsOfItsValues() {
        double[] v = new double[Moments.KEPT];
        Arrays.setAll(v, i -> i == 7 ? 50 : 1 + i / 100.0);
        Moments m = of(v);
        assertArrayEquals(v, m.values());
        m.add(1);
        assertNull(m.values());
        Summary s = Summary.of(m);
        assertEquals(Moments.KEPT + 1, s.n());
        assertEquals(0, s.values().length);
        assertEquals(0, s.outliers().size());
        assertEquals(Double.NaN, s.median());
        assertEquals(m.mean(), s.mean(), 0.0);
    }
}
