package org.fsflow.host;

import java.util.List;
import org.fsflow.measure.ChildIo;
import org.fsflow.measure.DirtyMemory;
import org.fsflow.measure.DiskStats;
import org.fsflow.measure.KernelThreads;
import org.fsflow.measure.StepMonitor;
import org.fsflow.place.StepOutcome;
import org.fsflow.result.Traffic;

/**
 * What the host observes of one step's process beyond its times: the I/O accounting of its
 * process tree (see {@link ChildIo}), the time series of a long step ({@link StepMonitor}) and the
 * dirty memory it left. Begun just before the process starts, finished just after it ends (and
 * after its flush).
 */
final class StepObservation {

    private final ChildIo.Snapshot io;
    private final StepMonitor monitor;

    private StepObservation(List<String> devices, KernelThreads threads, DiskStats disks) {
        this.io = ChildIo.snapshot();
        this.monitor = StepMonitor.start(devices, threads, disks);
    }

    /**
     * Begins observing a step on {@code devices}, its kernel threads and disks as {@code threads}
     * and {@code disks} read them just now.
     */
    static StepObservation begin(List<String> devices, KernelThreads threads, DiskStats disks) {
        return new StepObservation(devices, threads, disks);
    }

    /** What was observed, now that the step ended. */
    StepOutcome.Observed finish() {
        var samples = monitor.stop();
        DirtyMemory dirty = DirtyMemory.read();
        ChildIo used = ChildIo.snapshot().since(io);
        Traffic traffic = used == null && dirty == null
                ? null
                : new Traffic(
                        used == null ? null : used.rchar(),
                        used == null ? null : used.wchar(),
                        used == null ? null : used.readBytes(),
                        used == null ? null : used.writeBytes(),
                        used == null ? null : used.cancelledWriteBytes(),
                        dirty == null ? null : dirty.dirtyBytes(),
                        dirty == null ? null : dirty.writebackBytes());
        return new StepOutcome.Observed(traffic, samples, null);
    }
}
