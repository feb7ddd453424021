package org.fsflow.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Kernel releases and labels in version order, not string order. */
class VersionsTest {

    @Test
    void kernelReleasesSortByVersion() {
        List<String> sorted = List.of(
                "5.10.0-28-amd64",
                "6.1.0-47-amd64",
                "6.1.0-57-amd64",
                "6.9-rc3",
                "6.9",
                "6.9.1",
                "6.12.100+deb12-amd64",
                "6.12.117+deb12-amd64",
                "6.18",
                "6.18.44-fc-v669");
        for (long seed = 0; seed < 20; seed++) {
            List<String> shuffled = new ArrayList<>(sorted);
            Collections.shuffle(shuffled, new Random(seed));
            shuffled.sort(VersionOrder.ORDER);
            assertEquals(sorted, shuffled);
        }
    }

    @Test
    void labelsCompareNumbersAsNumbers() {
        assertEquals(-1, Integer.signum(VersionOrder.compare("v2", "v10")));
        assertEquals(-1, Integer.signum(VersionOrder.compare("build-9", "build-10")));
        assertEquals(-1, Integer.signum(VersionOrder.compare("1.0~beta1", "1.0")));
        assertEquals(0, VersionOrder.compare("6.1", "6.1"));
        assertEquals(1, Integer.signum(VersionOrder.compare("6.1.0", "6.1")));
    }
}
