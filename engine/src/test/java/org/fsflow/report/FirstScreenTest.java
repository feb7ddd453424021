package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.SourceText;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.fsflow.scenario.SourceFile;
import org.fsflow.summary.VerdictTable;
import org.fsflow.summary.Verdicts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first screen of a run that left out the cells of some findings (a host-only run of a source
 * that compared four filesystems) names only what it measured and the findings it tested.
 */
class FirstScreenTest {

    @TempDir
    Path dir;

    @Test
    void aRunWithoutSomeCellsNamesOnlyWhatItMeasured() throws Exception {
        List<Measurement> rows = new ArrayList<>();
        double[][] times = {{20.1, 19.8, 20.3, 20.0}, {10.0, 10.2, 9.9, 10.1}};
        String[] fs = {"xfs", "ext3"};
        for (int i = 0; i < fs.length; i++) {
            for (int r = 0; r < 4; r++) {
                rows.add(Measurement.builder("d/" + fs[i] + "/r" + (r + 1) + "/delete", "delete")
                        .dataset("d")
                        .filesystem(fs[i])
                        .repeat(r + 1)
                        .cell(Map.of("dataset", "d", "filesystem", fs[i]))
                        .command("true")
                        .status(Status.OK)
                        .exitCode(0)
                        .realS(times[i][r])
                        .build());
            }
        }
        String yaml = "source:\n  title: t\n  tolerance: 2\n  findings:\n"
                + "    - { id: a, cite: c, step: delete, dataset: d, metric: real_s, figures: { xfs: 21, ext3: 10 } }\n"
                + "    - { id: b, cite: c, step: delete, dataset: d, metric: real_s, figures: { jfs: 10, ext3: 10 } }\n";
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        VerdictTable t = Verdicts.judge(
                SourceFile.read(SourceText.of("s.yaml", yaml)).section(),
                "s.yaml",
                "",
                ResultSet.of(rows),
                RunEnvironment.read(dir));

        List<String> said = FirstScreen.of(t, RunEnvironment.read(dir)).sentences();
        assertEquals(
                "This run measured xfs, ext3 on step delete and tested 1 of the source's 2 findings against it (the "
                        + "other compares cells it did not run).",
                said.get(0));
        assertTrue(t.headline().endsWith("; 1 not run"), t.headline());
        assertTrue(said.get(2).startsWith("Of its 1 testable findings"), said.get(2));
    }
}
