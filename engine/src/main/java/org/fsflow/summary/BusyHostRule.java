package org.fsflow.summary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fsflow.result.Disturbance;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;

/**
 * Measurements taken while the rest of the host was busy: other processes used, on average, more
 * than half a CPU during the step ({@code host_other_cpu_s} over {@code real_s}). Their times may
 * include waiting for a CPU or a disk that someone else held. The CPU of the filesystem's own
 * services ({@code service_cpu_s}: the zfs-fuse daemon) and of its kernel threads ({@code
 * kernel_cpu_fs_s}: btrfs's compression workers, jbd2, xfsaild, the loop device's workers) is part of
 * the step's work, not noise, and is left out of the other processes' share. Generic workqueue
 * workers and writeback serve every device of the host, and a worker is classed by the workqueue it
 * ran last ({@code kworker/1:18-events} after xfs's inode reclaim): when they, not other processes,
 * make the share exceed half a CPU ({@code kernel_cpu_s} less {@code kernel_cpu_fs_s}), the warning says
 * that instead of calling the host busy. The rule is {@link Disturbance}'s.
 */
public final class BusyHostRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        ResultSet results = evidence.results();
        List<Long> flagged = new ArrayList<>();
        long judged = 0;
        for (Series s : results.series()) {
            judged += s.moments("host_other_cpu_s").n();
            flagged.addAll(busy(s));
        }
        Collections.sort(flagged); // ids grow in journal order
        List<Long> busy = new ArrayList<>();
        List<Long> workers = new ArrayList<>();
        for (long id : flagged) {
            (Disturbance.byProcesses(results.row(id)) ? busy : workers).add(id);
        }
        List<String> out = new ArrayList<>();
        if (!busy.isEmpty()) {
            out.add(busy.size() + " of " + judged + " measurements were taken while "
                    + "the host was busy (other processes used more than half a CPU on average during the step, "
                    + "host_other_cpu_s less the filesystem's services' service_cpu_s and its kernel threads'"
                    + " kernel_cpu_fs_s): "
                    + WarningRule.firstSix(nodes(results, busy), busy.size()) + ".");
        }
        if (!workers.isEmpty()) {
            out.add(workers.size() + " of " + judged + " measurements ran beside more than half a CPU of the"
                    + " host's generic kernel workers, not of other processes (kernel_cpu_s less kernel_cpu_fs_s;"
                    + " kernel_cpu_classes says which): a worker is classed by the workqueue it ran last"
                    + " (events, writeback), so the step's filesystem's own deferred work may be in that share,"
                    + " and so may other devices' writeback: "
                    + WarningRule.firstSix(nodes(results, workers), workers.size()) + ".");
        }
        return out;
    }

    private static List<String> nodes(ResultSet results, List<Long> ids) {
        return ids.stream().limit(6).map(id -> results.row(id).node()).toList();
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
            if (j < realIds.length && realIds[j] == ids[i] && Disturbance.busy(others[i], real[j])) {
                out.add(ids[i]);
            }
        }
        return out;
    }
}
