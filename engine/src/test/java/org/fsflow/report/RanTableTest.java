package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fsflow.TestPaths;
import org.fsflow.report.ReportModel.Fact;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.SourceSection.SourceConditions;
import org.fsflow.summary.RunFacts;
import org.junit.jupiter.api.Test;

/** What ran, from the run's records, beside the source's conditions. */
class RanTableTest {

    @Test
    void theRunsFactsStandBesideTheSources() {
        var dir = TestPaths.resources("report/golden");
        RunEnvironment env = RunEnvironment.read(dir);
        SourceConditions source = new SourceConditions(
                "1GiB",
                1L << 30,
                "Pentium D 3 GHz",
                "2 x 73 GB SAS in RAID 0",
                "2.6.17.13",
                8,
                Map.of("small", "3 files of 4 GB"),
                Map.of("mkfs.xfs", "xfsprogs 2.8, defaults", "bonnie++", "1.03, -s 2G -n 16"));
        List<Fact> facts = RanTable.of(RunFacts.of(ResultSet.load(dir), env), env, source);
        Map<String, Fact> by =
                facts.stream().collect(Collectors.toMap(Fact::label, f -> f, (a, b) -> a, LinkedHashMap::new));
        assertEquals("3 files of 4 GB", by.get("Data small").source());
        assertEquals("1GiB", by.get("RAM").source());
        assertEquals("3 per cell", by.get("Repetitions").run());
        assertEquals("8 per cell", by.get("Repetitions").source());
        assertEquals("-f -q", by.get("Options of mkfs.xfs").run());
        assertEquals("xfsprogs 2.8, defaults", by.get("Options of mkfs.xfs").source());
        // a tool of the source's that this run never ran still shows, with nothing on the run's side
        assertEquals(new Fact("Options of bonnie++", "", "1.03, -s 2G -n 16"), by.get("Options of bonnie++"));
        assertEquals("host kernel " + env.kernel(), by.get("Places").run());
    }
}
