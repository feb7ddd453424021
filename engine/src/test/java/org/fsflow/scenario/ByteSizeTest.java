package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Durations;
import org.junit.jupiter.api.Test;

class ByteSizeTest {

    @Test
    void binaryAndDecimalUnits() {
        assertEquals(4L << 30, ByteSize.parse("4GiB"));
        assertEquals(4L << 30, ByteSize.parse("4G"));
        assertEquals(4_000_000_000L, ByteSize.parse("4GB"));
        assertEquals(16 * 1024, ByteSize.parse("16 KiB"));
        assertEquals(16 * 1024, ByteSize.parse("16k"));
        assertEquals(700_000_000L, ByteSize.parse("700MB"));
        assertEquals(1_900_000_000L, ByteSize.parse("1.9GB"));
        assertEquals(4096, ByteSize.parse("4096"));
        assertEquals(40L << 40, ByteSize.parse("40TiB"));
    }

    @Test
    void mistakesAreExplained() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("4GO"))
                .getMessage()
                .contains("unknown size unit 'GO'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("-1G"))
                .getMessage()
                .contains("negative"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("99999999999TiB"))
                .getMessage()
                .contains("too large"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("G"));
    }

    @Test
    void formatting() {
        assertEquals("4 GiB", ByteSize.format(4L << 30));
        assertEquals("12.3 MiB", ByteSize.format(12884902L));
        assertEquals("700 B", ByteSize.format(700));
    }

    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(90), Durations.parse("90"));
        assertEquals(Duration.ofMinutes(90), Durations.parse("1h30m"));
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("5 minutes"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("10x"));
    }
}
