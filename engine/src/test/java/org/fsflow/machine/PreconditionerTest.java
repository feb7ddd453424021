package org.fsflow.machine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** SNIA's steady-state rule over the last five rounds: range within 20 % of the mean, the fitted line within 10 %. */
class PreconditionerTest {

    @Test
    void steadyWhenTheWindowIsFlatEnough() {
        assertFalse(Preconditioner.steady(List.of(100.0, 100.0, 100.0, 100.0)), "fewer rounds than the window");
        assertTrue(Preconditioner.steady(List.of(900.0, 100.0, 102.0, 98.0, 101.0, 99.0)), "only the last five count");
        // range 19 % of the mean but a steady climb: the line moves 4 x 4.75 = 19 % across the window
        assertFalse(Preconditioner.steady(List.of(90.5, 95.25, 100.0, 104.75, 109.5)));
        // a flat line with a 25 % range: the range fails it
        assertFalse(Preconditioner.steady(List.of(100.0, 112.5, 87.5, 100.0, 100.0)));
        // an SSD falling off its fresh-out-of-box cliff, then steady
        assertFalse(Preconditioner.steady(List.of(50000.0, 30000.0, 12000.0, 9000.0, 8800.0)));
        assertTrue(Preconditioner.steady(List.of(9000.0, 8800.0, 9100.0, 8900.0, 9050.0)));
        assertFalse(Preconditioner.steady(List.of(0.0, 0.0, 0.0, 0.0, 0.0)), "no IOPS is not a steady state");
    }
}
