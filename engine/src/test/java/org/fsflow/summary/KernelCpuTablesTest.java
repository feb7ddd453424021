package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The filesystem's kernel work in the dataset tables: a run whose steps recorded kernel_cpu_fs_s
 * gets "CPU with the filesystem's kernel work" (user + system + service + the filesystem's kernel
 * threads; generic writeback left out), a run that did not measure them does not.
 */
class KernelCpuTablesTest {

    @TempDir
    Path dir;

    private static Measurement row(String fs, int r, Double kernelFs, Double service) {
        Measurement m = Rows.row(fs + r, Map.of("dataset", "d", "filesystem", fs), r, "copy", Status.OK, 1.0, null);
        return m.toBuilder()
                .serviceCpuS(service)
                .kernelCpu(
                        kernelFs == null ? null : kernelFs + 0.5,
                        kernelFs,
                        kernelFs == null ? null : Map.of(fs, kernelFs, "writeback", 0.5))
                .build();
    }

    private DatasetSummary summarize(List<Measurement> rows) throws Exception {
        Files.writeString(dir.resolve(RunEnvironment.FILE), "{}");
        return Summarizer.summarize(ResultSet.of(rows), RunEnvironment.read(dir))
                .datasets()
                .get(0);
    }

    @Test
    void aRunThatMeasuredKernelThreadsShowsTheCpuWithThem() throws Exception {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(row("btrfs", r, 0.7 + r / 10.0, null));
            rows.add(row("ext4", r, 0.05, null));
        }
        DatasetSummary d = summarize(rows);
        assertEquals(
                List.of(TimeFigure.REAL, TimeFigure.USER, TimeFigure.SYS, TimeFigure.CPU, TimeFigure.CPU_WITH_KERNEL),
                d.figures());
        List<Ranked> total = d.time(TimeFigure.CPU_WITH_KERNEL).rows().get(0).cells();
        // user 0.1 + sys 0.1 + the filesystem's kernel threads (mean 0.9 for btrfs); writeback not counted
        assertEquals(1.1, total.get(0).stats().mean(), 1e-9);
        assertEquals(0.25, total.get(1).stats().mean(), 1e-9);
        assertTrue(total.get(1).best(), "ext4 cost less CPU with its kernel work");
    }

    @Test
    void servicesAndKernelWorkAddUp() throws Exception {
        List<Measurement> rows = List.of(row("zfs", 1, 0.25, 3.0), row("zfs", 2, 0.25, 3.0));
        DatasetSummary d = summarize(rows);
        assertEquals(
                3.45,
                d.time(TimeFigure.CPU_WITH_KERNEL)
                        .rows()
                        .get(0)
                        .cells()
                        .get(0)
                        .stats()
                        .mean(),
                1e-9);
        assertEquals(
                3.2,
                d.time(TimeFigure.CPU_WITH_SERVICES)
                        .rows()
                        .get(0)
                        .cells()
                        .get(0)
                        .stats()
                        .mean(),
                1e-9);
    }

    @Test
    void aRunWithoutKernelFiguresHasNoSuchTable() throws Exception {
        DatasetSummary d = summarize(List.of(row("xfs", 1, null, null), row("xfs", 2, null, null)));
        assertEquals(List.of(TimeFigure.REAL, TimeFigure.USER, TimeFigure.SYS, TimeFigure.CPU), d.figures());
        assertNull(d.time(TimeFigure.CPU_WITH_KERNEL));
    }
}
