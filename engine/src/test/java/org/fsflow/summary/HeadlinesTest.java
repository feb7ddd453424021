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
    void stepsWithoutASignificantDifferenceSaySo() {
        String h = of("quickstart-two-hosts");
        assertTrue(h.startsWith("Fastest real time per step (≈: not significantly slower): copy-in "), h);
        assertTrue(h.contains("host2/xfs ≈x"), h);
    }

    @Test
    void aRunInOnePlaceAnswersItsQuestionStepByStep() {
        String h = of("everyday");
        assertTrue(h.startsWith("Fastest real time per step (≈: not significantly slower): untar "), h);
        // its own steps, each with every other filesystem as a ratio; not the built-in actions
        for (String step : new String[] {"cold-scan ", "randwrite-fsync ", "delete-tree "}) {
            assertTrue(h.contains("; " + step), h);
        }
        assertTrue(!h.contains("mkfs") && !h.contains("umount"), h);
        assertTrue(h.contains("btrfs-zstd x"), h);
    }
}
