package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** ext4-mount-options' headline: the largest significant change of a step its launch floor does not weigh on. */
class ComparisonHeadlineTest {

    @Test
    void theHeadlineLeavesOutChangesOfStepsUnderTheFloor() throws Exception {
        Path dir = TestPaths.root().resolve("reports/ext4-mount-options");
        String all = ComparisonHeadline.of(dir.resolve("comparison.csv"));
        String kept = ReportIndex.headline(dir, false);
        assertTrue(all.startsWith("Largest significant change: large/ext4/delete"), all);
        assertTrue(kept.startsWith("Largest significant change: "), kept);
        assertFalse(kept.startsWith("Largest significant change: large/ext4/delete"), kept);
        assertTrue(kept.contains("under ten launch floors"), kept);
    }
}
