package org.fsflow.summary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;

/**
 * Measurements taken while the rest of the host was busy: other processes used, on average, more
 * than half a CPU during the step ({@code host_other_cpu_s} over {@code real_s}). Their times may
 * include waiting for a CPU or a disk that someone else held. The CPU of the filesystem's own
 * services ({@code service_cpu_s}: the zfs-fuse daemon) and of its kernel threads ({@code
 * kernel_cpu_fs_s}: btrfs's compression workers, jbd2, xfsaild, the loop device's workers) is part of
 * the step's work, not noise, and is left out of the other processes' share; generic workqueue
 * workers and writeback, which serve every device of the host, stay in it.
 */
public final class BusyHostRule implements WarningRule {

    /** CPUs the rest of the host may use, on average, before a measurement is flagged. */
    static final double BUSY_CPUS = 0.5;
    /** /proc/stat counts 10 ms ticks: below this much other CPU time, a short step is not judged. */
    static final double RESOLUTION_S = 0.05;

    @Override
    public List<String> check(Evidence evidence) {
        ResultSet results = evidence.results();
        List<Long> busy = new ArrayList<>();
        long judged = 0;
        for (Series s : results.series()) {
            judged += s.moments("host_other_cpu_s").n();
            busy.addAll(busy(s));
        }
        Collections.sort(busy); // ids grow in journal order
        List<String> nodes =
                busy.stream().limit(6).map(id -> results.row(id).node()).toList();
        return busy.isEmpty()
                ? List.of()
                : List.of(busy.size() + " of " + judged + " measurements were taken while "
                        + "the host was busy (other processes used more than half a CPU on average during the step, "
                        + "host_other_cpu_s less the filesystem's services' service_cpu_s and its kernel threads'"
                        + " kernel_cpu_fs_s): "
                        + WarningRule.firstSix(nodes, busy.size()) + ".");
    }

    // the ids of the series' rows taken while the host was busy: real and other CPU time matched by row id
    private static List<Long> busy(Series s) {
        double[] others = s.hostOthers();
        long[] ids = s.hostOtherIds();
        double[] real = s.realTimes();
        long[] realIds = s.realIds();
        List<Long> out = new ArrayList<>();
        for (int i = 0, j = 0; i < others.length; i++) {
            while (j < realIds.length && realIds[j] < ids[i]) {
                j++;
            }
            if (j < realIds.length
                    && realIds[j] == ids[i]
                    && real[j] > 0
                    && others[i] >= RESOLUTION_S
                    && others[i] / real[j] > BUSY_CPUS) {
                out.add(ids[i]);
            }
        }
        return out;
    }
}
