package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fsflow.chart.ForestTest;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first screen's sentences, on the forest plot's fixture (a run of zfs and ext3 with its findings). */
class FirstScreenSentencesTest {

    @TempDir
    Path dir;

    @Test
    void theSentencesSayWhatWasComparedAndWhatHeld() throws Exception {
        VerdictTable table = ForestTest.table(dir);
        FirstScreen first = FirstScreen.of(table, org.fsflow.result.RunEnvironment.read(dir));
        assertEquals(3, first.sentences().size());
        assertTrue(
                first.sentences().get(0).contains("zfs, ext3")
                        && first.sentences().get(0).contains("5 findings"),
                first.sentences().get(0));
        int reproduced = table.count(FindingClass.TESTABLE, Verdict.Outcome.REPRODUCED);
        assertTrue(
                first.sentences().get(2).contains(reproduced + " reproduced ("),
                first.sentences().get(2));
        assertTrue(
                first.badges().contains("memory budget 512.0 MiB"),
                first.badges().toString());
    }
}
