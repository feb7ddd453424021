package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.SourceText;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.fsflow.scenario.SourceFile;
import org.fsflow.scenario.SourceSection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each verdict is reached on constructed results, and only for its reason. */
class VerdictsTest {

    @TempDir
    Path dir;

    private final List<Measurement> rows = new ArrayList<>();

    // xfs takes about twice ext3's time; jfs as long as ext3; ext3-vm runs in a guest
    private void series(String fs, String step, String virt, double... values) {
        for (int r = 0; r < values.length; r++) {
            rows.add(row(fs, step, r + 1, Status.OK, values[r], virt, false, Map.of()));
        }
    }

    private static Measurement row(
            String fs,
            String step,
            int repeat,
            Status status,
            Double real,
            String virt,
            boolean warmup,
            Map<String, Object> metrics) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("node", "d/" + fs + "/" + repeat + "/" + step);
        n.put("step", step);
        n.put("dataset", "d");
        n.put("filesystem", fs);
        n.put("repeat", repeat);
        n.putObject("cell").put("dataset", "d").put("filesystem", fs);
        n.put("command", "true");
        n.put("status", status.value());
        if (real != null) {
            n.put("real_s", real);
        }
        n.put("virt", virt);
        n.put("kernel", virt.equals("host") ? "6.12" : "6.1.0-57-amd64");
        n.put("warmup", warmup);
        n.set("metrics", Json.MAPPER.valueToTree(metrics));
        return Json.MAPPER.convertValue(n, Measurement.class);
    }

    private void standardRows() {
        series("xfs", "delete", "host", 20.1, 19.8, 20.3, 20.0);
        series("ext3", "delete", "host", 10.0, 10.2, 9.9, 10.1);
        series("jfs", "delete", "host", 10.1, 9.9, 10.2, 10.0);
        series("ext3-vm", "delete", "tcg", 30.0, 30.4, 29.8, 30.1);
    }

    private static SourceSection section(String findings) throws Exception {
        String yaml = "source:\n  title: t\n  tolerance: 2\n  findings:\n" + findings;
        return SourceFile.read(SourceText.of("s.yaml", yaml)).section();
    }

    private static String finding(String id, String says) {
        return "    - { id: " + id + ", cite: c, step: delete, dataset: d, metric: real_s, " + says + " }\n";
    }

    private VerdictTable judge(String findings, String environment) throws Exception {
        Files.writeString(dir.resolve(RunEnvironment.FILE), environment);
        return Verdicts.judge(section(findings), "s.yaml", "", ResultSet.of(rows), RunEnvironment.read(dir));
    }

    private Verdict only(String says) throws Exception {
        return judge(finding("f", says), "{}").verdicts().get(0);
    }

    @Test
    void reproducedWhenTheSourceRatioLiesInTheBand() throws Exception {
        standardRows();
        Verdict v = only("figures: { xfs: 21, ext3: 10 }");
        assertEquals(Verdict.Outcome.REPRODUCED, v.outcome(), v.reason());
        assertEquals(2.0, v.interval().ratio(), 0.02);
        assertTrue(v.interval().low() < 2.0 && v.interval().high() > 2.0);
        assertEquals(4, v.numerator().stats().n());
        assertTrue(v.q() <= 0.05);
    }

    @Test
    void theHostsControlsAtTheGuestsScaleNeverJoinAFindingsSides() throws Exception {
        standardRows();
        // ext3@0.05 and xfs@0.05 rank the other way round: pooled with xfs and ext3 they would sink the ratio
        series("xfs@0.05", "delete", "host", 1.0, 1.1, 0.9, 1.0);
        series("ext3@0.05", "delete", "host", 3.0, 3.1, 2.9, 3.0);
        Verdict v = only("figures: { xfs: 21, ext3: 10 }");
        assertEquals(Verdict.Outcome.REPRODUCED, v.outcome(), v.reason());
        assertEquals(2.0, v.interval().ratio(), 0.02);
        assertEquals(4, v.numerator().stats().n(), "xfs's own four rows only");
    }

    @Test
    void directionOnlyWhenTheSizeIsFarOutsideTheBand() throws Exception {
        standardRows();
        Verdict v = only("figures: { xfs: 872.82, ext3: 7.68 }");
        assertEquals(Verdict.Outcome.DIRECTION_ONLY, v.outcome(), v.reason());
        assertTrue(
                v.reason().contains("(fsflow's over the source's ×114) ×0.0176 [0.0172, 0.0179] lies outside"),
                v.reason());
    }

    @Test
    void theToleranceWidensTheBand() throws Exception {
        standardRows();
        assertEquals(
                Verdict.Outcome.DIRECTION_ONLY,
                only("ratio: { of: xfs, to: ext3, value: 5 }").outcome());
        Verdict wide = only("ratio: { of: xfs, to: ext3, value: 5 }, tolerance: 3");
        assertEquals(Verdict.Outcome.REPRODUCED, wide.outcome(), wide.reason());
        org.fsflow.result.Fieller.Interval rr = wide.ratioOfRatios();
        assertTrue(rr.low() <= 3 && rr.high() >= 1 / 3.0, rr.toString());
        assertEquals(
                Verdict.Outcome.DIRECTION_ONLY,
                only("ratio: { of: xfs, to: ext3, value: 0.9e1 }, tolerance: 3").outcome());
    }

    @Test
    void contradictedWhenTheIntervalExcludesOneOnTheOtherSide() throws Exception {
        standardRows();
        Verdict v = only("claim: { of: xfs, to: ext3, is: lower }");
        assertEquals(Verdict.Outcome.CONTRADICTED, v.outcome(), v.reason());
        assertEquals(
                Verdict.Outcome.REPRODUCED,
                only("claim: { of: ext3, to: xfs, is: lower }").outcome());
        assertEquals(
                Verdict.Outcome.CONTRADICTED,
                only("figures: { ext3: 30, xfs: 10 }").outcome());
    }

    @Test
    void inconclusiveWhenTheIntervalIncludesOne() throws Exception {
        standardRows();
        Verdict v = only("figures: { jfs: 20, ext3: 10 }");
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().contains("includes 1"), v.reason());
    }

    @Test
    void aMissingCellIsInconclusive() throws Exception {
        standardRows();
        Verdict v = only("claim: { of: reiserfs, to: ext3, is: lower }");
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().contains("missing"), v.reason());
        assertNull(v.interval());
        assertTrue(Double.isNaN(v.q()));
    }

    @Test
    void aFailedOrSkippedCellIsInconclusive() throws Exception {
        standardRows();
        rows.add(row("jfs", "delete", 5, Status.FAILED, null, "host", false, Map.of()));
        Verdict v = only("claim: { of: jfs, to: ext3, is: lower }");
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertEquals("jfs's delete failed in 1 of 5 repetitions", v.reason());
        rows.add(row("xfs", "delete", 5, Status.SKIPPED, null, "host", false, Map.of()));
        assertTrue(only("claim: { of: xfs, to: ext3, is: lower }").reason().contains("skipped in 1 of 5"));
    }

    @Test
    void hostAndGuestAreNeverCompared() throws Exception {
        standardRows();
        Verdict v = only("figures: { ext3-vm: 30, ext3: 10 }");
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().contains("cells of different places are never compared"), v.reason());
        assertNull(v.interval());
    }

    @Test
    void tooFewRepetitionsAndTheScaleAreInconclusive() throws Exception {
        series("xfs", "delete", "host", 20.0);
        series("ext3", "delete", "host", 10.0, 10.1, 10.2);
        Verdict v = only("claim: { of: xfs, to: ext3, is: higher }");
        assertTrue(v.reason().startsWith("too few repetitions: xfs's delete has n = 1"), v.reason());
        rows.clear();
        standardRows();
        Verdict scaled = judge(
                        finding("f", "claim: { of: xfs, to: ext3, is: higher }, min_scale: 0.1"),
                        "{\"settings\": {\"scale\": 0.01}}")
                .verdicts()
                .get(0);
        assertEquals("the run's --scale 0.0100 is below the finding's min_scale 0.100", scaled.reason());
        // the measured ratio is still shown, untested: no q-value
        assertEquals(2.0, scaled.interval().ratio(), 0.02);
        assertTrue(Double.isNaN(scaled.q()));
    }

    @Test
    void warmUpRowsAreLeftOut() throws Exception {
        standardRows();
        rows.add(row("xfs", "delete", 0, Status.OK, 500.0, "host", true, Map.of()));
        Verdict v = only("figures: { xfs: 21, ext3: 10 }");
        assertEquals(4, v.numerator().stats().n());
        assertEquals(4, v.numerator().runs());
        assertEquals(Verdict.Outcome.REPRODUCED, v.outcome(), v.reason());
    }

    @Test
    void theFalseDiscoveryRateIsControlledOverEveryTestedFinding() throws Exception {
        standardRows();
        VerdictTable t = judge(
                finding("a", "claim: { of: xfs, to: ext3, is: higher }")
                        + finding("b", "claim: { of: jfs, to: ext3, is: higher }")
                        + finding("c", "claim: { of: reiserfs, to: ext3, is: higher }"),
                "{}");
        Verdict a = t.verdicts().get(0);
        Verdict b = t.verdicts().get(1);
        // two tested findings: the smaller p doubles, the larger stays
        assertEquals(Math.min(1, Math.min(a.p() * 2, b.p())), a.q(), 1e-12);
        assertEquals(b.p(), b.q(), 1e-12);
        assertTrue(Double.isNaN(t.verdicts().get(2).q()));
        // c's reiserfs is no cell of this run: counted apart, never among the testable inconclusive ones
        assertEquals(FindingClass.NOT_RUN, t.verdicts().get(2).triage().kind());
        assertEquals("1 of 2 testable findings reproduced, 0 contradicted, 1 inconclusive; 1 not run", t.headline());
    }

    @Test
    void twoStepsOfOneFilesystem() throws Exception {
        series("xfs", "dd-write", "host", 4.0, 4.1, 3.9);
        series("xfs", "dd-read", "host", 1.0, 1.1, 0.9);
        SourceSection s = section("    - { id: w, cite: c, filesystem: xfs, dataset: d, metric: real_s, "
                + "figures: { dd-write: 3, dd-read: 1 } }\n");
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        Verdict v = Verdicts.judge(s, "s.yaml", "", ResultSet.of(rows), RunEnvironment.read(dir))
                .verdicts()
                .get(0);
        assertEquals(Verdict.Outcome.REPRODUCED, v.outcome(), v.reason());
        assertEquals("dd-write", v.numerator().step());
    }

    @Test
    void equalSidesAreAnEquivalenceTestWithinTheMargin() throws Exception {
        standardRows();
        series("noisy", "delete", "host", 8.0, 12.0, 9.0, 11.5);
        Verdict same = only("figures: { jfs: 0.2, ext3: 0.2 }");
        assertEquals(Verdict.Outcome.REPRODUCED, same.outcome(), same.reason());
        assertTrue(same.test().startsWith("equivalence within [0.909, 1.10]"), same.test());
        Verdict apart = only("figures: { xfs: 0.2, ext3: 0.2 }");
        assertEquals(Verdict.Outcome.CONTRADICTED, apart.outcome(), apart.reason());
        Verdict near = only("figures: { noisy: 0.2, ext3: 0.2 }");
        assertEquals(Verdict.Outcome.INCONCLUSIVE, near.outcome(), near.reason());
    }

    @Test
    void withoutADatasetEveryDatasetIsPooled() throws Exception {
        standardRows();
        for (int r = 1; r <= 3; r++) {
            Map<String, String> cell = Map.of("dataset", "e", "filesystem", "xfs");
            ObjectNode n = Json.MAPPER.valueToTree(
                    row("xfs", "delete", r, Status.OK, 22.0 + r / 10.0, "host", false, Map.of()));
            n.set("cell", Json.MAPPER.valueToTree(cell));
            n.put("dataset", "e");
            rows.add(Json.MAPPER.convertValue(n, Measurement.class));
        }
        SourceSection s = section("    - { id: p, cite: c, step: delete, metric: real_s, claim: { of: xfs, to: ext3, "
                + "is: higher } }\n");
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        Verdict v = Verdicts.judge(s, "s.yaml", "", ResultSet.of(rows), RunEnvironment.read(dir))
                .verdicts()
                .get(0);
        assertEquals(7, v.numerator().stats().n());
        assertTrue(v.numerator().cell().startsWith("d/xfs+"), v.numerator().cell());
        assertEquals(Verdict.Outcome.REPRODUCED, v.outcome(), v.reason());
    }

    @Test
    void bonnieTooFastIsSaidAsSuch() throws Exception {
        for (int r = 1; r <= 3; r++) {
            Map<String, Object> fast = new java.util.HashMap<>();
            fast.put("too_fast.seq_create", 1);
            rows.add(row("xfs", "bonnie", r, Status.OK, 60.0 + r, "host", false, fast));
            rows.add(row(
                    "ext3", "bonnie", r, Status.OK, 60.0 + r, "host", false, Map.of("seq_create_per_s", 900.0 + r)));
        }
        SourceSection s = section("    - { id: b, cite: c, step: bonnie, dataset: d, metric: seq_create_per_s, "
                + "claim: { of: xfs, to: ext3, is: lower } }\n");
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        Verdict v = Verdicts.judge(s, "s.yaml", "", ResultSet.of(rows), RunEnvironment.read(dir))
                .verdicts()
                .get(0);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().startsWith("bonnie++ printed +++++ for xfs's bonnie"), v.reason());
    }

    @Test
    void aLaunchFloorVetoesOnlyARatioItCouldTurnRound() throws Exception {
        standardRows();
        String floor = "{\"launch_floor\": {\"command\": \"true\", \"runs\": 5, \"real_s_median\": 1.5, "
                + "\"cpu_s_median\": 0.001}}";
        // ext3's 10 s are under 10 floors, but ±1.5 s keeps xfs / ext3 between ×1.74 and ×2.35
        Verdict kept = judge(finding("f", "figures: { xfs: 21, ext3: 10 }"), floor)
                .verdicts()
                .get(0);
        assertEquals(Verdict.Outcome.REPRODUCED, kept.outcome(), kept.reason());
        assertTrue(kept.reason().contains("the floor removed or added moves the ratio ×1.74 to ×2.35"), kept.reason());
        assertTrue(
                kept.interval().low() < 20.0 / 10.2 * 1.74 / 2, kept.interval().toString());
        // jfs against ext3, about ×1: the floor's bounds reach 1
        Verdict vetoed = judge(finding("g", "figures: { jfs: 21, ext3: 10 }"), floor)
                .verdicts()
                .get(0);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, vetoed.outcome());
        assertTrue(vetoed.reason().contains("under 10 times fsflow's launch floor"), vetoed.reason());
        assertTrue(vetoed.reason().contains("across 1"), vetoed.reason());
    }
}
