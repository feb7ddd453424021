package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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

/**
 * The services' CPU in the dataset tables: a run whose zfs steps recorded service_cpu_s gets a
 * table of it and one of the step's CPU with it (ext3, without a service, counts its own CPU
 * only); a run without services gets neither.
 */
class ServiceCpuTablesTest {

    @TempDir
    Path dir;

    private static Measurement row(String fs, int r, double real, Double service) {
        Measurement m = Rows.row(fs + r, Map.of("dataset", "d", "filesystem", fs), r, "bonnie", Status.OK, real, null);
        return m.toBuilder().serviceCpuS(service).build();
    }

    private DatasetSummary summarize(List<Measurement> rows) throws Exception {
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        return Summarizer.summarize(ResultSet.of(rows), RunEnvironment.read(dir))
                .datasets()
                .get(0);
    }

    @Test
    void aRunWithServicesShowsTheirCpuAndTheTotal() throws Exception {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(row("zfs", r, 10.0, 15.0 + r));
            rows.add(row("ext3", r, 10.0, null));
        }
        DatasetSummary d = summarize(rows);
        assertEquals(
                List.of(
                        TimeFigure.REAL,
                        TimeFigure.USER,
                        TimeFigure.SYS,
                        TimeFigure.CPU,
                        TimeFigure.SERVICE,
                        TimeFigure.CPU_WITH_SERVICES),
                d.figures(),
                "no kernel threads measured: no table of the CPU with them");
        List<Ranked> service = d.time(TimeFigure.SERVICE).rows().get(0).cells();
        assertEquals(17.0, service.get(0).stats().mean(), 1e-9);
        assertNull(service.get(1).stats(), "ext3 has no service");
        List<Ranked> total = d.time(TimeFigure.CPU_WITH_SERVICES).rows().get(0).cells();
        // zfs: user 1 + sys 1 + service 17; ext3: user 1 + sys 1
        assertEquals(19.0, total.get(0).stats().mean(), 1e-9);
        assertEquals(2.0, total.get(1).stats().mean(), 1e-9);
    }

    @Test
    void aRunWithoutServicesHasNoServiceTables() throws Exception {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 2; r++) {
            rows.add(row("xfs", r, 1.0, null));
        }
        DatasetSummary d = summarize(rows);
        assertEquals(List.of(TimeFigure.REAL, TimeFigure.USER, TimeFigure.SYS, TimeFigure.CPU), d.figures());
        assertNull(d.time(TimeFigure.SERVICE));
    }
}
