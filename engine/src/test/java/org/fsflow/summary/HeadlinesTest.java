package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** The headlines of runs without findings name what the run exists for, on the published reports. */
class HeadlinesTest {

    private static String of(String report) {
        Path dir = TestPaths.root().resolve("reports").resolve(report);
        return Headlines.of(Fsflow.summarize(Fsflow.results(dir), dir));
    }

    @Test
    void aBonnieImportNamesItsLargestSignificantBonnieFigure() {
        String h = of("seed-003-import");
        assertTrue(h.startsWith("bonnie++ "), h);
        assertTrue(h.contains("8 and 8 runs, Welch p = "), h);
        assertTrue(h.contains("significant differences of bonnie++ figures (false-discovery rate 5 %"), h);
    }

    @Test
    void anAgedRunNamesItsLargestAgingPenalty() {
        String h = of("aged-vs-fresh");
        assertTrue(h.startsWith("Aging penalty: "), h);
        assertTrue(h.contains("its fresh real time once aged"), h);
    }

    @Test
    void otherRunsKeepTheLargestDifferenceOfRealTime() {
        String h = of("quickstart-two-hosts");
        assertTrue(!h.startsWith("Aging") && !h.startsWith("bonnie++"), h);
    }
}
