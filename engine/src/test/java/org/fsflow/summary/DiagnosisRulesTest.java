package org.fsflow.summary;

import static org.fsflow.summary.FaithfulRulesTest.DATA;
import static org.fsflow.summary.FaithfulRulesTest.evidence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.Test;

/** Each artifact rule names its cause from the evidence: one case that triggers it, one that must not. */
class DiagnosisRulesTest {

    static final String MNT = "/var/tmp/fsflow/x/mnt/target";

    // a cell's mkfs and mount as run, then its step, three repetitions
    static List<Measurement> cell(
            String fs, String mkfs, String step, String command, long read, long written, Double flush, Long budget) {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(FaithfulRulesTest.row(fs, r, "mkfs", mkfs + " /dev/loop0", 0, 1 << 20, 0.1, 0.0, false));
            rows.add(FaithfulRulesTest.row(
                    fs, r, "mount", "mount -t " + fs + " /dev/loop0 " + MNT, 0, 0, 0.01, 0.0, false));
            rows.add(FaithfulRulesTest.row(fs, r, step, command, read, written, 0.5, 0.0, false).toBuilder()
                    .flushS(flush)
                    .memoryBudgetBytes(budget)
                    .build());
        }
        return rows;
    }

    // a copy into an ext4 cell from the datasets' device
    static List<Measurement> copyIn(long read, long written, Double flush, Long budget) {
        return cell("ext4", "mkfs.ext4 -F", "copy-in", "cp -r /src/test1 " + MNT, read, written, flush, budget);
    }

    static final String PLAIN_CP = "cp -r " + MNT + "/test1 " + MNT + "/copy";
    static final String NEVER_CP = "cp -r --reflink=never " + MNT + "/test1 " + MNT + "/copy";

    @Test
    void aPlainCpWithinXfsThatMovedNothingIsAClone() throws Exception {
        // the case: 512 MiB copied within xfs with flush and a 128 MiB budget read 16 KiB, wrote 94 KiB
        List<Measurement> rows =
                cell("xfs", "mkfs.xfs -f -q", "copy-within", PLAIN_CP, 16 << 10, 94 << 10, 0.01, 128L << 20);
        Evidence e = evidence(rows);
        List<String> clone = new CloneRule().check(e);
        assertEquals(1, clone.size(), clone.toString());
        assertTrue(
                clone.get(0).startsWith("1 copy was a clone")
                        && clone.get(0).contains("test1/xfs/copy-within")
                        && clone.get(0).contains("on xfs, flushed")
                        && clone.get(0).contains("cp --reflink=never"),
                clone.get(0));
        // and nothing blames the page cache, nor advises what is set
        for (String w : WarningRules.check(e)) {
            if (w.equals(clone.get(0))) {
                continue;
            }
            assertFalse(w.contains("page cache") && w.contains("copy-within"), w);
            assertFalse(w.contains("memory:") || w.contains("flush: true"), w);
        }
    }

    @Test
    void aCopyWithReflinkNeverOrOnExt4OrFromAnotherFilesystemIsNoClone() throws Exception {
        assertEquals(
                List.of(),
                new CloneRule()
                        .check(evidence(
                                cell("xfs", "mkfs.xfs -f -q", "copy", NEVER_CP, 16 << 10, 94 << 10, 0.01, null))));
        assertEquals(
                List.of(),
                new CloneRule()
                        .check(evidence(
                                cell("ext4", "mkfs.ext4 -q -F", "copy", PLAIN_CP, 16 << 10, 94 << 10, 0.01, null))));
        assertEquals(
                List.of(),
                new CloneRule()
                        .check(evidence(cell(
                                "xfs",
                                "mkfs.xfs -f",
                                "copy",
                                "cp -r /src/test1 " + MNT + "/copy",
                                16 << 10,
                                94 << 10,
                                null,
                                null))));
        // a clone candidate that moved its bytes is a byte copy
        assertEquals(
                List.of(),
                new CloneRule()
                        .check(evidence(cell("xfs", "mkfs.xfs -f -q", "copy", PLAIN_CP, DATA, DATA, 0.5, null))));
        assertTrue(CopyEvidence.cloneable("cp --reflink=always a b", "ext4", null));
    }

    @Test
    void aCopyThatReadFromThePageCacheIsNamedSoAndAdvisedOnlyWhatItLacks() throws Exception {
        List<Measurement> rows = copyIn(4096, DATA, null, null);
        List<String> w = new CopyBytesRule().check(evidence(rows));
        assertEquals(1, w.size());
        assertTrue(
                w.get(0).contains("page cache served their reads")
                        && w.get(0).contains("test1/ext4/copy-in")
                        && w.get(0).contains("drop_caches: true"),
                w.get(0));
        assertEquals(List.of(), new CopyBytesRule().check(evidence(copyIn(DATA, DATA, null, null))));
    }

    @Test
    void anUnflushedWriteThatWroteNothingIsThePageCacheAndTheAdviceNamesOnlyWhatIsMissing() throws Exception {
        List<String> noBudget = new NothingWrittenRule().check(evidence(copyIn(DATA, 0, null, null)));
        assertEquals(1, noBudget.size());
        assertTrue(
                noBudget.get(0).contains("page cache absorbed")
                        && noBudget.get(0).contains("flush: true")
                        && noBudget.get(0).contains("memory:"),
                noBudget.get(0));
        List<String> budget = new NothingWrittenRule().check(evidence(copyIn(DATA, 0, null, 128L << 20)));
        assertTrue(!budget.get(0).contains("memory:"), budget.get(0));
        // flushed, or wrote its data: not this rule's
        assertEquals(List.of(), new NothingWrittenRule().check(evidence(copyIn(DATA, 0, 0.2, null))));
        assertEquals(List.of(), new NothingWrittenRule().check(evidence(copyIn(DATA, DATA, null, null))));
    }

    @Test
    void aWriteShortOfItsDataIsFlaggedWithItsFiguresFlushedOrNot() throws Exception {
        List<String> flushed = new ShortWriteRule().check(evidence(copyIn(DATA, 0, 0.2, 128L << 20)));
        assertEquals(1, flushed.size());
        assertTrue(
                flushed.get(0).contains("despite flush: true") && flushed.get(0).contains("wrote 0 B of 256.0 MiB"),
                flushed.get(0));
        List<String> unflushed = new ShortWriteRule()
                .check(evidence(cell("xfs", "mkfs.xfs -f", "recopy", NEVER_CP, DATA, DATA * 7 / 10, null, null)));
        assertEquals(1, unflushed.size());
        assertTrue(
                unflushed.get(0).contains("had no flush") && unflushed.get(0).contains("of 256.0 MiB"),
                unflushed.get(0));
        assertEquals(
                List.of(),
                new ShortWriteRule()
                        .check(evidence(
                                cell("xfs", "mkfs.xfs -f", "recopy", NEVER_CP, DATA, DATA * 95 / 100, 0.1, null))));
    }

    static Measurement bonnie(String fs, int r, java.util.Map<String, Object> metrics) {
        return FaithfulRulesTest.row(
                        fs,
                        r,
                        "bonnie",
                        "bonnie++ -d " + MNT + " -s 256 -r 128 -n 1 -f -u root -q",
                        0,
                        0,
                        4.0,
                        0.0,
                        false)
                .toBuilder()
                .metrics(metrics)
                .build();
    }

    @Test
    void bonnieTestsTooFastToMeasureAreNamedAndKeptOutOfTheMeans() throws Exception {
        java.util.Map<String, Object> fast = new java.util.LinkedHashMap<>();
        fast.put("put_block_kib_s", null);
        fast.put("too_fast.put_block", 1);
        fast.put("seeks_per_s", 12000.0);
        fast.put("too_fast.seq_create", 1);
        java.util.Map<String, Object> slow = new java.util.LinkedHashMap<>();
        slow.put("put_block_kib_s", 400_000.0);
        slow.put("seeks_per_s", 11000.0);
        List<Measurement> rows = List.of(bonnie("xfs", 1, fast), bonnie("xfs", 2, slow), bonnie("ext3", 1, slow));
        List<String> w = new BonnieTooFastRule().check(evidence(rows));
        assertEquals(1, w.size());
        assertTrue(
                w.get(0).contains("too fast to measure")
                        && w.get(0).contains("file too small for this RAM: put_block in test1/xfs/bonnie")
                        && w.get(0).contains("too few files: seq_create in test1/xfs/bonnie")
                        && w.get(0).contains("-s 256 -r 128 -n 1"),
                w.get(0));
        BonnieTable t = BonnieSummarizer.tables(
                        org.fsflow.result.ResultSet.of(rows), evidence(rows).environment())
                .get(0);
        BonnieTable.Figure xfs = t.lines().get(0).figure(BonnieTest.PUT_BLOCK);
        assertEquals(1, xfs.tooFastRuns());
        assertEquals(1, xfs.rate().n());
        assertEquals(400_000.0, xfs.rate().mean(), 1e-9);
        assertEquals(List.of(), new BonnieTooFastRule().check(evidence(List.of(bonnie("ext3", 1, slow)))));
    }
}
