package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void fixedAgreesWithStringFormat() {
        double[] values = {0, 0.5, 1.005, 2.675, 12.3456, -3.14159, 123456.789, 0.000049, 99.995, -0.0004};
        for (double v : values) {
            for (int d = 0; d <= 5; d++) {
                String expected = String.format(Locale.ROOT, "%." + d + "f", v);
                if (expected.matches("-0\\.?0*")) {
                    expected = expected.substring(1);
                }
                assertEquals(expected, Numbers.fixed(v, d), v + " with " + d + " decimals");
            }
        }
    }

    @Test
    void significantDigitsAndUnits() {
        assertEquals("0.0345", Numbers.sig(0.03451));
        assertEquals("1.23", Numbers.sig(1.234));
        assertEquals("12.3", Numbers.sig(12.34));
        assertEquals("1234", Numbers.sig(1234.4));
        assertEquals("12.3 MiB", Numbers.bytes(12.3 * 1024 * 1024));
        assertEquals("700 B", Numbers.bytes(700));
        assertEquals("6.3 %", Numbers.percent(0.063));
    }
}
