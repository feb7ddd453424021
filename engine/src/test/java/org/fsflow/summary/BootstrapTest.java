package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Quantiles as R's quantile(type = 7) gives them, and intervals that bracket them, seeded. */
class BootstrapTest {

    @Test
    void quantilesAreRsTypeSevenAndIntervalsAreReproducible() {
        double[] x = {0.11, 0.09, 0.30, 0.12, 0.10, 0.13, 0.95, 0.12, 0.11, 0.10};
        // R: quantile(x, c(0.5, 0.99)) -> 0.115, 0.8915
        Bootstrap median = Bootstrap.of(x, 50);
        assertEquals(0.115, median.value(), 1e-12);
        assertEquals(0.8915, Bootstrap.of(x, 99).value(), 1e-12);
        assertTrue(median.low() <= median.value() && median.value() <= median.high(), median.toString());
        assertTrue(median.low() >= 0.09 && median.high() <= 0.30, median.toString());
        assertEquals(median, Bootstrap.of(x.clone(), 50), "the same data, the same interval");
        assertEquals(10, median.n());
        assertTrue(Double.isNaN(Bootstrap.of(new double[0], 50).value()));
    }
}
