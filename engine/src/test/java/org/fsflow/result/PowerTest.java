package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The noncentral t power against values computed with SciPy 1.17 ({@code scipy.stats.nct}, both
 * tails) and R's documented {@code power.t.test} examples.
 */
class PowerTest {

    @Test
    void theUpperTailIsScipysNoncentralT() {
        // scipy.stats.nct.sf(t.ppf(0.975, df), df, λ) + nct.cdf(-t.ppf(0.975, df), df, λ)
        assertEquals(0.8689530277239897, power(38, 1 / Math.sqrt(2.0 / 20), 0.05, true), 1e-7);
        assertEquals(0.3359651039111674, power(4, 2.0, 0.05, true), 1e-7);
        assertEquals(0.24681802305243541, power(1.3, 3.0, 0.05, true), 1e-7);
        assertEquals(0.014807173612190815, power(9, 1.5, 0.001, true), 1e-7);
        assertEquals(0.7762113889041213, power(18, 2.5, 0.05, false), 1e-7);
    }

    @Test
    void welchOnUnequalNoiseIsScipysToo() {
        // sd of logs 0.1 and 0.3, n = 5 a side: Welch df 4.878, ratio 1.3 -> 0.32293304309419846
        Power.Noise noise = new Power.Noise(0.1, 5, 0.3, 5);
        assertEquals(4.878048780487806, noise.df(), 1e-12);
        assertEquals(0.32293304309419846, Power.of(Math.log(1.3), noise, 0.05, true), 1e-7);
    }

    @Test
    void theDetectableEffectReachesEightyPercent() {
        // noncentralities for power 0.8 by scipy's brentq: df 4 -> 3.7611, df 38 -> 2.8749, df 18 at 0.005 -> 4.1037
        assertEquals(3.761059553825488, lambda(3, 0.05), 1e-6);
        assertEquals(2.8749184302610282, lambda(20, 0.05), 1e-6);
        assertEquals(4.1036653157149505, lambda(10, 0.005), 1e-6);
    }

    @Test
    void repetitionsAreRsPowerTTest() {
        // power.t.test(power = .8, delta = 1): n = 16.71477, so 17 a side (scipy: 16 -> 0.7814, 17 -> 0.8070)
        assertEquals(17, Power.repetitions(1, new Power.Noise(1, 2, 1, 2), 0.05, true));
        assertEquals(Power.BEYOND, Power.repetitions(0, new Power.Noise(1, 2, 1, 2), 0.05, true));
        assertEquals(Power.BEYOND, Power.repetitions(1e-4, new Power.Noise(1, 2, 1, 2), 0.05, true));
        assertTrue(Double.isNaN(Power.detectable(new Power.Noise(0, 3, 0, 3), 0.05, true)), "no noise, no figure");
    }

    @Test
    void theLogSdOfALognormalFollowsItsCv() {
        assertEquals(Math.sqrt(Math.log(1.04)), Power.logSd(0.2), 1e-15);
        assertEquals(0.01, Power.logSd(0.01), 1e-6);
    }

    // power at noncentrality λ: one side of sd 1 with n chosen so that se = 1 / λ ... expressed through Noise
    private static double power(double df, double lambda, double level, boolean twoSided) {
        double c = Power.critical(df, twoSided ? level / 2 : level);
        return Power.upperTail(c, df, lambda) + (twoSided ? Power.upperTail(c, df, -lambda) : 0);
    }

    // the noncentrality of the detectable effect with n a side of equal noise (df = 2n - 2)
    private static double lambda(int n, double level) {
        Power.Noise noise = new Power.Noise(1, n, 1, n);
        return Power.detectable(noise, level, true) / noise.se();
    }
}
