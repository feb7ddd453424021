package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Measurement;

/**
 * Measurements taken while the rest of the host was busy: other processes used, on average, more
 * than half a CPU during the step ({@code host_other_cpu_s} over {@code real_s}). Their times may
 * include waiting for a CPU or a disk that someone else held. The CPU of the filesystem's own
 * services ({@code service_cpu_s}: the zfs-fuse daemon) is part of the step's work, not noise, and is
 * left out of the other processes' share.
 */
public final class BusyHostRule implements WarningRule {

    /** CPUs the rest of the host may use, on average, before a measurement is flagged. */
    static final double BUSY_CPUS = 0.5;
    /** /proc/stat counts 10 ms ticks: below this much other CPU time, a short step is not judged. */
    static final double RESOLUTION_S = 0.05;

    @Override
    public List<String> check(Evidence evidence) {
        List<Measurement> rows = evidence.results().measurements();
        List<String> busy = rows.stream()
                .filter(r -> r.counted()
                        && r.realS() != null
                        && r.realS() > 0
                        && r.hostOtherCpuS() != null
                        && others(r) >= RESOLUTION_S
                        && others(r) / r.realS() > BUSY_CPUS)
                .map(Measurement::node)
                .toList();
        long judged = rows.stream()
                .filter(r -> r.counted() && r.hostOtherCpuS() != null)
                .count();
        return busy.isEmpty()
                ? List.of()
                : List.of(busy.size() + " of " + judged + " measurements were taken while "
                        + "the host was busy (other processes used more than half a CPU on average during the step, "
                        + "host_other_cpu_s less the filesystem's services' service_cpu_s): "
                        + WarningRule.firstSix(busy) + ".");
    }

    // the CPU the rest of the host used during the step, the filesystem's own services left out
    private static double others(Measurement r) {
        return r.hostOtherCpuS() - (r.serviceCpuS() == null ? 0 : r.serviceCpuS());
    }
}
