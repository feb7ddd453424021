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
import org.fsflow.scenario.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest's control cells (ext3-vm, xfs-vm) set beside the host's (ext3, xfs): each agreement
 * reached on constructed results, and a finding between guest cells at an untrusted step made
 * inconclusive, while the same finding at a trusted step is judged.
 */
class ControlAgreementsTest {

    @TempDir
    Path dir;

    private static final Map<String, String> TYPES =
            Map.of("ext3", "ext3", "xfs", "xfs", "reiserfs", "reiserfs", "ext3-vm", "ext3", "xfs-vm", "xfs");

    private final List<Measurement> rows = new ArrayList<>();

    // the --scale of host and guest rows; null: rows written before they recorded one
    private Double hostScale;
    private Double guestScale;

    private void series(String fs, String step, double... values) {
        String virt = fs.endsWith("-vm") || fs.equals("reiserfs") ? "tcg" : "host";
        for (int r = 0; r < values.length; r++) {
            ObjectNode n = Json.MAPPER.createObjectNode();
            n.put("node", "d/" + fs + "/r" + (r + 1) + "/" + step);
            n.put("step", step);
            n.put("dataset", "d");
            n.put("filesystem", fs);
            n.put("repeat", r + 1);
            n.putObject("cell").put("dataset", "d").put("filesystem", fs);
            n.put("command", "true");
            n.put("status", "ok");
            n.put("real_s", values[r]);
            n.put("virt", virt);
            n.put("kernel", virt.equals("host") ? "6.18" : "6.1.0-57-amd64");
            n.put("warmup", false);
            Double scale = virt.equals("host") ? hostScale : guestScale;
            if (scale != null) {
                n.put("scale", scale);
            }
            rows.add(Json.MAPPER.convertValue(n, Measurement.class));
        }
    }

    private void campaign() {
        // copy: xfs twice as slow as ext3 on the host and in the guest (agrees)
        series("ext3", "copy", 1.0, 1.02, 0.98, 1.0);
        series("xfs", "copy", 2.0, 2.02, 1.98, 2.0);
        series("ext3-vm", "copy", 5.0, 5.1, 4.9, 5.0);
        series("xfs-vm", "copy", 10.0, 10.1, 9.9, 10.0);
        // delete: xfs twice as slow on the host, twice as fast in the guest (untrusted)
        series("ext3", "delete", 1.0, 1.02, 0.98, 1.0);
        series("xfs", "delete", 2.0, 2.02, 1.98, 2.0);
        series("ext3-vm", "delete", 10.0, 10.1, 9.9, 10.0);
        series("xfs-vm", "delete", 5.0, 5.1, 4.9, 5.0);
        // walk: a tie on the host, xfs faster in the guest (undecided)
        series("ext3", "walk", 1.0, 1.2, 0.8, 1.0);
        series("xfs", "walk", 1.05, 0.85, 1.15, 1.0);
        series("ext3-vm", "walk", 10.0, 10.1, 9.9, 10.0);
        series("xfs-vm", "walk", 5.0, 5.1, 4.9, 5.0);
        // reiserfs, guest only: no control of its own
        series("reiserfs", "copy", 4.0, 4.1, 3.9, 4.0);
        series("reiserfs", "delete", 4.0, 4.1, 3.9, 4.0);
    }

    private List<ControlAgreement> agreements() {
        return ControlAgreements.of(ResultSet.of(rows), TYPES, List.of("copy", "delete", "walk"));
    }

    @Test
    void eachStepOfTheGuestIsSetBesideTheHostsRankingOfTheSameControlTypes() {
        campaign();
        List<ControlAgreement> all = agreements();
        assertEquals(1, all.size(), "one guest place");
        ControlAgreement a = all.get(0);
        assertEquals("VM 6.1.0-57-amd64 (tcg)", a.place());
        assertEquals(3, a.total());
        assertEquals(
                List.of(
                        ControlAgreement.Agreement.AGREES,
                        ControlAgreement.Agreement.DISAGREES,
                        ControlAgreement.Agreement.UNDECIDED),
                a.rows().stream().map(ControlAgreement.Row::agreement).toList());
        ControlAgreement.Row copy = a.rows().get(0);
        assertEquals("ext3", copy.first(), "types in the order the run met them");
        assertEquals(0.5, copy.host().ratio(), 0.01);
        assertEquals("ext3/xfs", copy.hostCells());
        assertEquals("ext3-vm/xfs-vm", copy.cells());
        assertEquals(Map.of("dataset", "d"), copy.where());
        assertEquals(
                "VM 6.1.0-57-amd64 (tcg) ranks its control cells like the host in 1 of 3 step comparisons; 1 untrusted",
                a.headline());
        assertEquals("delete", a.untrustedAt("delete", Map.of("dataset", "d")).step());
        assertNull(a.untrustedAt("copy", Map.of("dataset", "d")));
        assertNull(a.untrustedAt("walk", Map.of("dataset", "d")), "undecided is not untrusted");
    }

    @Test
    void aGuestAtAnotherScaleThanTheHostIsNotComparedWithIt() {
        hostScale = 1.0;
        guestScale = 0.05;
        campaign();
        ControlAgreement a = agreements().get(0);
        assertEquals(3, a.total());
        assertEquals(0, a.compared());
        assertTrue(a.rows().stream().allMatch(r -> r.agreement() == ControlAgreement.Agreement.DIFFERENT_SCALES));
        assertNull(a.untrustedAt("delete", Map.of("dataset", "d")), "nothing is distrusted across scales");
        assertEquals(
                "VM 6.1.0-57-amd64 (tcg): its control cells ran at another --scale than the host's, so whether it "
                        + "ranks filesystems as the host does is not known from this run",
                a.headline());
    }

    @Test
    void theHostsControlsAtTheGuestsScaleJudgeTheGuestAndItsFullSizeCellsStayApart() {
        hostScale = 1.0;
        guestScale = 0.05;
        campaign();
        // the host's controls again at the guest's scale (ext3@0.05, xfs@0.05): the guest's delete
        // (xfs twice as fast) is set against the host's at 0.05 (xfs twice as slow), not at 1
        hostScale = 0.05;
        for (String step : List.of("copy", "delete")) {
            series("ext3@0.05", step, 0.1, 0.102, 0.098, 0.1);
            series("xfs@0.05", step, 0.2, 0.202, 0.198, 0.2);
        }
        series("ext3@0.05", "walk", 0.1, 0.12, 0.08, 0.1);
        series("xfs@0.05", "walk", 0.105, 0.085, 0.115, 0.1);
        ControlAgreement a = agreements().get(0);
        assertEquals(3, a.compared(), "judged at one scale");
        assertEquals(
                "VM 6.1.0-57-amd64 (tcg) ranks its control cells like the host in 1 of 3 step comparisons; 1 untrusted",
                a.headline());
        assertEquals("ext3@0.05/xfs@0.05", a.rows().get(0).hostCells(), "the host's cells at the guest's scale");
        assertEquals(0.5, a.rows().get(0).host().ratio(), 0.01);
        assertEquals("delete", a.untrustedAt("delete", Map.of("dataset", "d")).step());
        // the host's two scales of a type are never set beside each other
        assertEquals(1, agreements().size(), "only the guest is a place of its own");
    }

    @Test
    void aHostTypeAtTwoScalesNeitherTheGuestsIsNoControl() {
        hostScale = 1.0;
        guestScale = 0.05;
        campaign();
        hostScale = 0.5;
        series("ext3@0.5", "copy", 0.1, 0.102, 0.098, 0.1);
        // ext3 ran on the host at 1 and at 0.5, the guest at 0.05: no ext3 peer, xfs alone is no pair
        assertTrue(agreements().isEmpty());
    }

    @Test
    void oneScaleForBothPlacesIsComparedAsBefore() {
        hostScale = 0.05;
        guestScale = 0.05;
        campaign();
        ControlAgreement a = agreements().get(0);
        assertEquals(3, a.compared());
        assertEquals(ControlAgreement.Agreement.DISAGREES, a.rows().get(1).agreement());
    }

    @Test
    void aFindingBetweenCellsOfDifferentScalesIsInconclusiveAndMinScaleIsTheCellsScale() throws Exception {
        hostScale = 1.0;
        guestScale = 0.05;
        campaign();
        // a merge of two runs may put host cells of two scales side by side: ext3 at 0.05 here
        rows.replaceAll(
                m -> m.filesystem().equals("ext3") ? m.toBuilder().scale(0.05).build() : m);
        Files.writeString(
                dir.resolve(RunEnvironment.FILE),
                "{\"settings\": {\"scale\": 1, \"place_scales\": {\"guest\": 0.05}}}");
        String yaml = "source:\n  title: t\n  findings:\n"
                + "    - { id: mixed, cite: c, step: copy, dataset: d, metric: real_s,"
                + " claim: { of: xfs, to: ext3, is: higher } }\n"
                + "    - { id: small, cite: c, step: copy, dataset: d, metric: real_s, min_scale: 0.1,"
                + " claim: { of: xfs-vm, to: ext3-vm, is: higher } }\n";
        VerdictTable t = judge(yaml);
        Verdict mixed = t.verdicts().get(0);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, mixed.outcome());
        assertEquals(
                "different scales: xfs ran at --scale 1, ext3 at 0.05: cells of different scales are never compared",
                mixed.reason());
        assertEquals(1.0, mixed.numerator().scale());
        Verdict small = t.verdicts().get(1);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, small.outcome());
        assertEquals("its cells' --scale 0.0500 is below the finding's min_scale 0.100", small.reason());
    }

    private VerdictTable judge(String yaml) throws Exception {
        return Verdicts.judge(
                SourceFile.read(SourceText.of("s.yaml", yaml)).section(),
                "s.yaml",
                "",
                ResultSet.of(rows),
                RunEnvironment.read(dir),
                agreements());
    }

    @Test
    void noControlsWithoutTwoTypesOnBothSidesOrWithoutGuests() {
        series("ext3", "copy", 1.0, 1.02, 0.98);
        series("xfs", "copy", 2.0, 2.02, 1.98);
        assertTrue(agreements().isEmpty(), "a host-only run has no controls");
        series("ext3-vm", "copy", 5.0, 5.1, 4.9);
        series("reiserfs", "copy", 4.0, 4.1, 3.9);
        assertTrue(agreements().isEmpty(), "one control type is no pair");
    }

    @Test
    void aGuestFindingAtAnUntrustedStepIsInconclusiveAndAtATrustedOneJudged() throws Exception {
        campaign();
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        String yaml = "source:\n  title: t\n  findings:\n"
                + "    - { id: del, cite: c, step: delete, dataset: d, metric: real_s,"
                + " claim: { of: reiserfs, to: ext3-vm, is: lower } }\n"
                + "    - { id: cp, cite: c, step: copy, dataset: d, metric: real_s,"
                + " claim: { of: reiserfs, to: ext3-vm, is: lower } }\n";
        VerdictTable t = judge(yaml);
        Verdict del = t.verdicts().get(0);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, del.outcome());
        assertTrue(del.reason().contains("ranks its control cells unlike the host for delete"), del.reason());
        assertTrue(del.reason().contains("host ext3/xfs ×0.5"), del.reason());
        Verdict cp = t.verdicts().get(1);
        assertEquals(Verdict.Outcome.REPRODUCED, cp.outcome(), cp.reason());
    }
}
