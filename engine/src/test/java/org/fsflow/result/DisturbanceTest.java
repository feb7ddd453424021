package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rule by which a measurement was disturbed from outside, on synthetic rows. */
class DisturbanceTest {

    static Measurement row(Double real, Double others, Double service, Double kernel, Double kernelFs) {
        return Measurement.builder("r1/s", "s")
                .status(Status.OK)
                .realS(real)
                .hostOtherCpuS(others)
                .serviceCpuS(service)
                .kernelCpu(kernel, kernelFs, kernel == null ? null : Map.of())
                .build();
    }

    @Test
    void otherProcessesUsingMoreThanHalfACpuDisturbAStep() {
        assertTrue(Disturbance.disturbed(row(10.0, 6.0, null, null, null)));
        assertFalse(Disturbance.disturbed(row(10.0, 5.0, null, null, null)), "half a CPU is not more than half");
    }

    @Test
    void theFilesystemsOwnServicesAndKernelThreadsArePartOfTheStep() {
        // 8 s of other CPU over 10 s, of which the zfs-fuse daemon 2 s and btrfs's workers 3 s: 0.3 CPU
        assertFalse(Disturbance.disturbed(row(10.0, 8.0, 2.0, 3.0, 3.0)));
        assertTrue(Disturbance.disturbed(row(10.0, 8.0, 2.0, null, null)));
    }

    @Test
    void theGenericKernelWorkersAreNotOtherProcesses() {
        // 7 s others, 4 s of them generic workers (kernel 4 s, none the filesystem's): 0.3 CPU of processes
        Measurement m = row(10.0, 7.0, null, 4.0, 0.0);
        assertTrue(Disturbance.busy(m.hostOtherCpuS(), m.realS()), "the raw share is over half a CPU");
        assertFalse(Disturbance.disturbed(m));
    }

    @Test
    void aStepTooShortForTheTicksOrUnmeasuredIsNotJudged() {
        assertFalse(Disturbance.disturbed(row(0.05, 0.04, null, null, null)), "under 50 ms of other CPU");
        assertFalse(Disturbance.disturbed(row(10.0, null, null, null, null)));
        assertFalse(Disturbance.disturbed(row(null, 6.0, null, null, null)));
        assertFalse(Disturbance.disturbed(row(0.0, 6.0, null, null, null)));
    }
}
