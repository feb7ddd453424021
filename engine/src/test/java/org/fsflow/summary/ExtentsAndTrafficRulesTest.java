package org.fsflow.summary;

import static org.fsflow.summary.DiagnosisRulesTest.MNT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Measurement;
import org.fsflow.result.SharedExtents;
import org.fsflow.result.Traffic;
import org.junit.jupiter.api.Test;

/**
 * The rules read what the host measured of a step's bytes: a clone is named from its files'
 * shared extents whatever its command names, and a write step that names no dataset is measured
 * against what its processes dirtied, with what was left dirty at its end.
 */
class ExtentsAndTrafficRulesTest {

    private static final long MIB = 1L << 20;

    // three repetitions of a step whose files' extents were examined as `shared` (null: not examined)
    private static List<Measurement> rows(
            String fs, String step, String command, long written, SharedExtents shared, Traffic traffic) {
        List<Measurement> out = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            out.add(FaithfulRulesTest.row(fs, r, step, command, 16 * 1024, written, 0.1, 0.0, false).toBuilder()
                    .observed(traffic, shared, null)
                    .build());
        }
        return out;
    }

    @Test
    void aCopyWhoseExtentsAreSharedIsAClone_whateverItNames() throws Exception {
        List<Measurement> all = new ArrayList<>();
        // a plain cp -r of a tree copied earlier: no dataset named, so no guess could name it
        all.addAll(rows(
                "xfs",
                "copy-within",
                "cp -r " + MNT + "/a " + MNT + "/b",
                0,
                new SharedExtents(64, 16 * MIB, 16 * MIB),
                null));
        all.addAll(rows("ext4", "copy-within", "cp -r " + MNT + "/a " + MNT + "/b", 16 * MIB, null, null));
        List<String> hits = new CloneRule().check(ShortReadRuleTest.evidence(all));
        assertEquals(1, hits.size(), hits.toString());
        assertTrue(hits.get(0).startsWith("1 copy was a clone"), hits.get(0));
        assertTrue(
                hits.get(0).contains("test1/xfs/copy-within (100 % of its files' data in shared extents"), hits.get(0));
        assertTrue(!hits.get(0).contains("ext4"), hits.get(0));
    }

    @Test
    void extentsWithNothingSharedOverruleTheGuess() throws Exception {
        // a cp of the dataset that may clone and moved far fewer bytes than it names: the guess
        // says clone, but its extents were examined and share nothing
        String copy = "cp -r --reflink=always " + MNT + "/test1 " + MNT + "/copy";
        List<String> guessed =
                new CloneRule().check(ShortReadRuleTest.evidence(rows("xfs", "copy", copy, 0, null, null)));
        assertEquals(1, guessed.size(), "without extents the guess stands: " + guessed);
        List<String> measured = new CloneRule()
                .check(ShortReadRuleTest.evidence(
                        rows("xfs", "copy", copy, 0, new SharedExtents(64, 16 * MIB, 0), null)));
        assertEquals(List.of(), measured);
    }

    @Test
    void aWriteThatNamesNoDatasetIsMeasuredAgainstWhatItDirtied() throws Exception {
        Traffic t = new Traffic(100L, 240 * MIB, 0L, 240 * MIB, 0L, 470 * MIB, 5 * MIB);
        List<Measurement> all =
                rows("ext4", "write", "dd if=/dev/zero of=" + MNT + "/z bs=1M count=240", 16 * MIB, null, t);
        List<String> hits = new ShortWriteRule().check(ShortReadRuleTest.evidence(all));
        assertEquals(1, hits.size(), hits.toString());
        assertTrue(
                hits.get(0)
                        .contains("test1/ext4/write (wrote 16.0 MiB of 240.0 MiB its processes dirtied, "
                                + "475.0 MiB dirty or under writeback host-wide at its end)"),
                hits.get(0));
        // one that wrote what it dirtied is not flagged
        List<Measurement> full =
                rows("ext4", "write", "dd if=/dev/zero of=" + MNT + "/z bs=1M count=240", 240 * MIB, null, t);
        assertEquals(List.of(), new ShortWriteRule().check(ShortReadRuleTest.evidence(full)));
    }
}
