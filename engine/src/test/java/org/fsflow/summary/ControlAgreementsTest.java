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
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.SourceFile;
import org.fsflow.scenario.SourceText;
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
        VerdictTable t = Verdicts.judge(
                SourceFile.read(SourceText.of("s.yaml", yaml)).section(),
                "s.yaml",
                "",
                ResultSet.of(rows),
                RunEnvironment.read(dir),
                agreements());
        Verdict del = t.verdicts().get(0);
        assertEquals(Verdict.Outcome.INCONCLUSIVE, del.outcome());
        assertTrue(del.reason().contains("ranks its control cells unlike the host for delete"), del.reason());
        assertTrue(del.reason().contains("host ext3/xfs ×0.5"), del.reason());
        Verdict cp = t.verdicts().get(1);
        assertEquals(Verdict.Outcome.REPRODUCED, cp.outcome(), cp.reason());
    }
}
