package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;

/** The rules that keep artifacts out of published ratios: clones, absorbed writes, a busy host, warm-up. */
class FaithfulRulesTest {

    static final long DATA = 256L << 20;

    static Measurement row(
            String fs,
            int repeat,
            String step,
            String command,
            long read,
            long written,
            double real,
            Double others,
            boolean warmup) {
        Map<String, String> cell = new LinkedHashMap<>();
        cell.put("dataset", "test1");
        cell.put("filesystem", fs);
        return Measurement.builder("test1/" + fs + "/r" + repeat + "/" + step, step)
                .dataset("test1")
                .filesystem(fs)
                .repeat(repeat)
                .cell(cell)
                .command(command)
                .status(Status.OK)
                .realS(real)
                .readBytes(read)
                .writeBytes(written)
                .hostOtherCpuS(others)
                .warmup(warmup)
                .build();
    }

    static Evidence evidence(List<Measurement> rows) throws Exception {
        RunEnvironment env = Json.MAPPER.readValue(
                "{\"campaign\": {\"datasets\": {\"test1\": {\"files\": 3, " + "\"bytes\": " + DATA + "}}}}",
                RunEnvironment.class);
        return new Evidence(ResultSet.of(rows), env, List.of());
    }

    @Test
    void ddToAFileIsAWriteStepAndToDevNullIsNot() {
        assertTrue(CopiedData.writes("dd if=/dev/zero of=/m/test.tmp bs=4k count=10 && sync"));
        assertTrue(!CopiedData.writes("dd if=/m/test.tmp of=/dev/null bs=4k"));
        assertTrue(CopiedData.copies("/usr/bin/cp -a x y") && !CopiedData.copies("cpio -i"));
    }

    @Test
    void aBusyHostIsFlaggedAboveHalfACpu() throws Exception {
        List<Measurement> rows = List.of(
                row("ext3", 1, "copy", "cp a b", DATA, DATA, 1.0, 0.8, false),
                row("ext3", 2, "copy", "cp a b", DATA, DATA, 1.0, 0.1, false),
                // a short step: 20 ms of other CPU is within /proc/stat's resolution
                row("ext3", 3, "copy", "cp a b", DATA, DATA, 0.02, 0.02, false),
                // the filesystem's own daemon (zfs-fuse) is the step's work, not another process's
                row("zfs", 1, "copy", "cp a b", DATA, DATA, 1.0, 0.8, false).toBuilder()
                        .serviceCpuS(0.7)
                        .build(),
                // btrfs compress=zstd: its 'other' CPU is all btrfs's own kernel threads
                row("btrfs", 1, "copy", "cp a b", DATA, DATA, 0.75, 0.8, false).toBuilder()
                        .kernelCpu(0.79, 0.77, Map.of("btrfs", 0.77, "writeback", 0.02))
                        .build(),
                // the same with a real intruder beside it: 0.6 s of other CPU in 0.75 s is left
                row("btrfs", 2, "copy", "cp a b", DATA, DATA, 0.75, 1.4, false).toBuilder()
                        .kernelCpu(0.8, 0.77, Map.of("btrfs", 0.77, "writeback", 0.03))
                        .build(),
                // generic workers, not processes: named apart, the host not called busy for them
                row("btrfs", 3, "copy", "cp a b", DATA, DATA, 1.0, 0.8, false).toBuilder()
                        .kernelCpu(0.75, 0.05, Map.of("btrfs", 0.05, "writeback", 0.7))
                        .build());
        List<String> busy = new BusyHostRule().check(evidence(rows));
        assertEquals(
                List.of(
                        "2 of 7 measurements were taken while the host was busy (other processes used more "
                                + "than half a CPU on average during the step, host_other_cpu_s less the filesystem's "
                                + "services' service_cpu_s and its kernel threads' kernel_cpu_fs_s): test1/ext3/r1/copy, "
                                + "test1/btrfs/r2/copy.",
                        "1 of 7 measurements ran beside more than half a CPU of the host's generic kernel workers, not"
                                + " of other processes (kernel_cpu_s less kernel_cpu_fs_s; kernel_cpu_classes says which):"
                                + " a worker is classed by the workqueue it ran last (events, writeback), so the step's"
                                + " filesystem's own deferred work may be in that share, and so may other devices'"
                                + " writeback: test1/btrfs/r3/copy."),
                busy);
    }

    @Test
    void warmUpRepetitionsAreRecordedButNotCounted() throws Exception {
        List<Measurement> rows = List.of(
                row("ext3", 1, "copy", "cp a b", DATA, DATA, 5.0, 0.0, true),
                row("ext3", 2, "copy", "cp a b", DATA, DATA, 1.0, 0.0, false),
                row("ext3", 3, "copy", "cp a b", DATA, DATA, 1.2, 0.0, false));
        var series = ResultSet.of(rows).series().get(0);
        assertEquals(3, series.rows().size());
        assertEquals(2, series.ok().size());
        assertEquals(1.1, series.summary(org.fsflow.result.Metric.REAL_S).mean(), 1e-9);
    }
}
