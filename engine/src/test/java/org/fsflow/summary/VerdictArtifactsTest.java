package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.lang.SourceText;
import org.fsflow.result.Measurement;
import org.fsflow.scenario.SourceFile;
import org.junit.jupiter.api.Test;

/** A finding about a step whose figures an artifact explains (the summary's copy rules) is inconclusive. */
class VerdictArtifactsTest {

    static final String EXT4_CP = "cp -r " + DiagnosisRulesTest.MNT + "/test1 " + DiagnosisRulesTest.MNT + "/copy";

    private static Verdict judge(List<Measurement> rows) throws Exception {
        Evidence e = FaithfulRulesTest.evidence(rows);
        String yaml =
                "source:\n  findings:\n    - { id: c, cite: c, step: copy-within, dataset: test1, metric: real_s, "
                        + "claim: { of: xfs, to: ext4, is: lower } }\n";
        return Verdicts.judge(
                        SourceFile.read(SourceText.of("s.yaml", yaml)).section(),
                        "s.yaml",
                        "",
                        e.results(),
                        e.environment())
                .verdicts()
                .get(0);
    }

    @Test
    void aCloneIsNoCopy() throws Exception {
        List<Measurement> rows = new ArrayList<>(DiagnosisRulesTest.cell(
                "xfs",
                "mkfs.xfs -f -q",
                "copy-within",
                DiagnosisRulesTest.PLAIN_CP,
                16 << 10,
                94 << 10,
                0.01,
                128L << 20));
        rows.addAll(DiagnosisRulesTest.cell(
                "ext4",
                "mkfs.ext4 -F",
                "copy-within",
                EXT4_CP,
                FaithfulRulesTest.DATA,
                FaithfulRulesTest.DATA,
                0.01,
                128L << 20));
        Verdict v = judge(rows);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().startsWith("xfs's copy-within was a clone"), v.reason());
    }

    @Test
    void aWriteLeftInThePageCacheIsNoWrite() throws Exception {
        List<Measurement> rows = new ArrayList<>(DiagnosisRulesTest.cell(
                "xfs",
                "mkfs.xfs -f -q",
                "copy-within",
                DiagnosisRulesTest.NEVER_CP,
                FaithfulRulesTest.DATA,
                FaithfulRulesTest.DATA,
                0.01,
                128L << 20));
        rows.addAll(DiagnosisRulesTest.cell(
                "ext4",
                "mkfs.ext4 -F",
                "copy-within",
                EXT4_CP,
                FaithfulRulesTest.DATA,
                FaithfulRulesTest.DATA / 10,
                null,
                null));
        Verdict v = judge(rows);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().startsWith("ext4's copy-within wrote "), v.reason());
        assertTrue(v.reason().endsWith("with no flush: the rest stayed in the page cache"), v.reason());
    }

    @Test
    void aCopyThatNamesNoDatasetIsHeldToWhatItDirtied() throws Exception {
        // a re-copy within the filesystem (cp of the copy): no dataset named, so its data is what its
        // processes dirtied for storage, 240 MiB; ext4 wrote 120 MiB of it during the step, no flush
        long mib = 1L << 20;
        String recopy =
                "cp --reflink=never " + DiagnosisRulesTest.MNT + "/image.iso " + DiagnosisRulesTest.MNT + "/again.iso";
        org.fsflow.result.Traffic dirtied =
                new org.fsflow.result.Traffic(240 * mib, 240 * mib, 0L, 240 * mib, 0L, 120 * mib, 5 * mib);
        List<Measurement> rows = new ArrayList<>();
        rows.addAll(DiagnosisRulesTest.cell(
                "xfs", "mkfs.xfs -f -q", "copy-within", recopy, 240 * mib, 240 * mib, null, 128L << 20));
        rows.addAll(DiagnosisRulesTest.cell(
                "ext4", "mkfs.ext4 -F", "copy-within", recopy, 240 * mib, 120 * mib, null, 128L << 20));
        List<Measurement> observed = rows.stream()
                .map(m -> m.step().equals("copy-within")
                        ? m.toBuilder().observed(dirtied, null, null).build()
                        : m)
                .toList();
        Verdict v = judge(observed);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertEquals(
                "ext4's copy-within wrote 120.0 MiB of the 240.0 MiB its processes dirtied during the step, with no "
                        + "flush: the rest stayed in the page cache",
                v.reason());
        // the same copy that wrote what it dirtied is judged
        List<Measurement> full = observed.stream()
                .map(m -> m.step().equals("copy-within")
                        ? m.toBuilder().writeBytes(240 * mib).build()
                        : m)
                .toList();
        assertTrue(!judge(full).reason().contains("page cache"), judge(full).reason());
    }
}
