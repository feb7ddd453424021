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
}
