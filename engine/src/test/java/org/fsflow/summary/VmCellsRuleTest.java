package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A VM column is ranked only against columns of the same VM, and the report says which ran there. */
class VmCellsRuleTest {

    @TempDir
    Path dir;

    private static Measurement row(String fs, int r, double real, String virt) {
        Measurement m = Rows.row(fs + r, Map.of("dataset", "d", "filesystem", fs), r, "copy", Status.OK, real, null);
        return m.toBuilder()
                .kernel(virt.equals("host") ? "6.18.0" : "6.1.0-57-amd64")
                .virt(virt)
                .build();
    }

    @Test
    void eachPlaceHasItsOwnBestAndTheVmColumnsAreNamed() throws IOException {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(row("ext3", r, 0.10 + r * 0.001, "host"));
            rows.add(row("xfs", r, 0.20 + r * 0.001, "host"));
            rows.add(row("reiserfs", r, 2.40 + r * 0.01, "tcg"));
            rows.add(row("ext3-vm", r, 0.60 + r * 0.01, "tcg"));
        }
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        RunEnvironment env = RunEnvironment.read(dir);
        ResultSet results = ResultSet.of(rows);
        Evidence e =
                new Evidence(results, env, Summarizer.summarize(results, env).datasets());
        DatasetSummary d = e.datasets().get(0);
        assertEquals(List.of("ext3", "xfs", "reiserfs", "ext3-vm"), d.columns());
        List<Ranked> real = d.time(TimeFigure.REAL).rows().get(0).cells();
        assertTrue(real.get(0).best(), "ext3 is the host's best");
        assertEquals(1.98, real.get(1).ratio(), 0.01, "xfs against ext3 on the host");
        assertEquals(3.90, real.get(2).ratio(), 0.01, "reiserfs against ext3 in the same VM, not the host's ext3");
        assertTrue(real.get(3).best(), "ext3-vm is the VM's best");

        List<String> w = new VmCellsRule().check(e);
        assertEquals(1, w.size());
        assertTrue(
                w.get(0).startsWith("ext3-vm, reiserfs ran in a VM 6.1.0-57-amd64 (tcg), an emulated CPU"), w.get(0));
        assertTrue(w.get(0).contains("never against the host's columns"), w.get(0));
        assertFalse(
                new VmCellsRule()
                                .check(new Evidence(ResultSet.of(rows.subList(0, 2)), env, List.of()))
                                .size()
                        > 0,
                "no VM, no warning");
    }
}
