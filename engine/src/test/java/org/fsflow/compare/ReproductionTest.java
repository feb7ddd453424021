package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Json;
import org.fsflow.result.ResultSet;
import org.fsflow.scenario.Finding;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Triage;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.Verdict.Outcome;
import org.fsflow.summary.VerdictTable;
import org.junit.jupiter.api.Test;

class ReproductionTest {

    static Comparison pair(long written, double real) {
        ObjectNode env = Json.MAPPER.createObjectNode();
        Run published = ComparerTest.stored(
                "published", Path.of("a"), ResultSet.of(ComparerTest.copies(1000, 0.10)), env, Map.of());
        Run again = ComparerTest.stored(
                "again", Path.of("b"), ResultSet.of(ComparerTest.copies(written, real)), env, Map.of());
        return Comparer.compare(List.of(published, again), null);
    }

    @Test
    void overlappingIntervalsAgree() {
        // real 0.11, 0.12, 0.13 against 0.115, 0.125, 0.135: the intervals overlap
        Reproduction r = Reproduction.of(pair(1000, 0.105), null, null, 0.05);
        assertTrue(r.agrees(), r.toString());
        assertEquals(0, r.moved().size());
        assertTrue(r.agreed() >= 2, r.toString());
    }

    @Test
    void apartIntervalsMoveUnlessWithinTheTolerance() {
        // real times ten times longer: apart, and far beyond 5 %
        Reproduction slow = Reproduction.of(pair(1000, 1.0), null, null, 0.05);
        assertFalse(slow.agrees());
        assertEquals(1, slow.moved().size(), slow.moved().toString());
        assertTrue(
                slow.moved().get(0).startsWith("d/ext4/copy-in real_s: 0.120 s ["),
                slow.moved().get(0));
        // written bytes 1001-1003 against 1041-1043: apart, but 4 % of the published mean
        Reproduction bytes = Reproduction.of(pair(1040, 0.10), null, null, 0.05);
        assertTrue(bytes.agrees(), bytes.moved().toString());
        assertFalse(Reproduction.of(pair(1040, 0.10), null, null, 0.01).agrees(), "beyond a 1 % tolerance");
    }

    @Test
    void aStepUnderTenLaunchFloorsInBothRunsIsNotJudged() {
        // written 1001-1003 against 1101-1103 apart by 10 %; copy-in takes 0.11-0.13 s in both
        Reproduction apart = Reproduction.of(pair(1100, 0.10), null, null, 0.05, 0.001);
        assertFalse(apart.agrees(), "0.12 s is 120 floors of 1 ms: judged");
        // with a floor of 20 ms, 0.12 s is 6 floors: start-up decides it, every figure of the step untested
        Reproduction short_ = Reproduction.of(pair(1100, 0.10), null, null, 0.05, 0.020);
        assertTrue(short_.agrees(), short_.moved().toString());
        assertEquals(0, short_.moved().size(), short_.toString());
        assertTrue(short_.untested() >= 2, short_.toString());
        // a step that becomes slow in the reproduction is judged: one side is above the floors
        Reproduction slow = Reproduction.of(pair(1000, 1.0), null, null, 0.05, 0.020);
        assertEquals(1, slow.moved().size(), slow.moved().toString());
    }

    static Verdict verdict(String id, FindingClass kind, Outcome outcome) {
        Finding f = new Finding(
                id, null, null, null, null, null, Map.of(), null, null, null, null, 1.0, true, 0.1, 0, null, null,
                Map.of());
        return new Verdict(
                f, null, null, null, Double.NaN, Double.NaN, outcome, "", new Triage(kind, "why"), null, null, null);
    }

    static VerdictTable table(Verdict... verdicts) {
        return new VerdictTable(null, "source.txt", "0", List.of(verdicts));
    }

    @Test
    void testableVerdictsAndThoseThePublishedRunDecidedAreCountedApart() {
        VerdictTable published = table(
                verdict("a", FindingClass.TESTABLE, Outcome.REPRODUCED),
                verdict("b", FindingClass.TESTABLE, Outcome.CONTRADICTED),
                verdict("c", FindingClass.TESTABLE, Outcome.INCONCLUSIVE),
                verdict("d", FindingClass.TESTABLE, Outcome.INCONCLUSIVE),
                verdict("e", FindingClass.ERA_BOUND, Outcome.INCONCLUSIVE),
                verdict("f", FindingClass.TESTABLE, Outcome.REPRODUCED));
        VerdictTable again = table(
                verdict("a", FindingClass.TESTABLE, Outcome.REPRODUCED),
                verdict("b", FindingClass.TESTABLE, Outcome.INCONCLUSIVE),
                verdict("c", FindingClass.TESTABLE, Outcome.INCONCLUSIVE),
                verdict("d", FindingClass.TESTABLE, Outcome.REPRODUCED),
                verdict("e", FindingClass.ERA_BOUND, Outcome.REPRODUCED));
        Reproduction r = Reproduction.of(pair(1000, 0.105), published, again, 0.05);
        assertEquals(5, r.verdicts(), "f is not judged in the reproduction");
        assertEquals(
                List.of(
                        "b: contradicted then inconclusive",
                        "d: inconclusive then reproduced",
                        "e: inconclusive then reproduced"),
                r.changed());
        assertEquals(new Reproduction.Kept(2, 4), r.testable(), "a, b, c, d; e is not testable");
        assertEquals("2 of 4 the same (50 %)", r.testable().text());
        assertEquals(new Reproduction.Kept(1, 2), r.decided(), "a kept, b not");
        assertEquals(
                "none",
                Reproduction.of(pair(1000, 0.105), null, null, 0.05).decided().text());
    }
}
