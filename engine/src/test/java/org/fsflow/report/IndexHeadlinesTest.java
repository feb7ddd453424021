package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** The index headlines of ext4-mount-options and crash-recovery name what those reports exist for. */
class IndexHeadlinesTest {

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

    @Test
    void crashRecoveryCountsAReplayedOutcomeOnceWithItsCause() {
        String h = ReportIndex.headline(TestPaths.root().resolve("reports/crash-recovery"), true);
        assertTrue(
                h.contains("jfs/spool (one outcome, replayed at 40 of its 41 points: jfs sent no cache flush "
                        + "while the workload ran)"),
                h);
    }
}
