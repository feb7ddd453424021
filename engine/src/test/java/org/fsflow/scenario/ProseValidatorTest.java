package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fsflow.lang.Diagnostic;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;

/** validate warns where a title or description states a size or count that --scale or --set can change. */
class ProseValidatorTest {

    @Test
    void sizesCountsOfRunsAndFilesAndNumericToolOptionsAreClaims() {
        assertEquals(List.of("8 runs"), ProseValidator.claims("bonnie++ on xfs, ext3, reiserfs and jfs, 8 runs each"));
        assertEquals(
                List.of("-s 2G", "-n 16", "16 x 1024 small files", "8 times"),
                ProseValidator.claims("bonnie++ with -s 2G and -n 16 (16 x 1024 small files), 8 times per filesystem"));
        assertEquals(List.of("8.2 GB"), ProseValidator.claims("dd writing 8.2 GB then reading it back"));
        assertEquals(List.of("512 MiB", "3 files"), ProseValidator.claims("copies 512 MiB in 3 files"));
        assertEquals(List.of("bs=1M", "count=1024"), ProseValidator.claims("dd bs=1M count=1024"));
        assertEquals(List.of("1,000 small files"), ProseValidator.claims("a copy of 1,000 small files"));
    }

    @Test
    void versionsYearsRaidLevelsClocksAndParametersAreNot() {
        assertEquals(
                List.of(),
                ProseValidator.claims("kernel 2.6.17.13, 2007, RAID 0, a Pentium D 3 GHz, 15,000 rpm disks, x8.02, "
                        + "ext3 and xfs at ${params.n} repetitions, a file twice the RAM, -f without per-char tests"));
    }

    @Test
    void theWarningPointsAtTheClaimInAFoldedDescription() throws Exception {
        String text = """
                fsflow: 1
                name: t
                title: ext4 against xfs, 8 runs each
                description: >-
                  A copy of the tree,
                  then dd writing 8.2 GB.
                devices: { target: { dir: /tmp } }
                repeat: 3
                steps: [sync]
                """;
        List<Diagnostic> w = ScenarioLoader.load(SourceText.of("t.yaml", text), Overrides.NONE).warnings().stream()
                .filter(d -> d.message().contains("--scale or --set can change"))
                .toList();
        assertEquals(2, w.size(), w.toString());
        assertEquals("t.yaml:3:26", w.get(0).location().toString());
        assertTrue(
                w.get(0).message().startsWith("the title states '8 runs'"),
                w.get(0).message());
        assertEquals("t.yaml:6:19", w.get(1).location().toString());
        assertTrue(w.get(1).message().contains("source: conditions:"), w.get(1).message());
    }
}
