package org.fsflow.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.fsflow.crash.CrashCell;
import org.fsflow.crash.CrashPhases;
import org.fsflow.crash.CrashRows;
import org.fsflow.measure.OutsideCpu;
import org.fsflow.place.PhaseLog;
import org.fsflow.plan.CrashPlan;
import org.fsflow.plan.Plan;
import org.fsflow.result.Measurement;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.KernelStore;
import org.fsflow.vm.VmException;
import org.fsflow.vm.VmUnits;

/**
 * Runs the crash cells of a scenario ({@code crash:}) after its steps: one {@link CrashCell} per
 * filesystem x workload, its crash points journaled together once the whole cell is done (a cell
 * interrupted is not recorded and {@code resume} runs it again whole; a cell whose rows are all in
 * the journal is kept). Images live in the work directory's {@code crash/}, emptied before and
 * after; the QEMU guests die with fsflow, and an interrupt stops the running ones. A cell with a
 * violation keeps its write log in the output directory's {@code crash-logs/}.
 */
final class CrashRuns {

    /** Where the cells' images go, under the work directory. */
    static final String WORK = "crash";
    /** Where kept write logs go, under the output directory. */
    static final String LOGS = "crash-logs";

    /** What runs one cell: {@link CrashCell#run(CrashCell.Request, LongConsumer, Path, CrashPhases)} (a fake in tests). */
    interface CellRunner {
        CrashCell.Result run(CrashCell.Request r, LongConsumer onStart, Path keep, CrashPhases phases)
                throws IOException;
    }

    private final Plan plan;
    private final Recorder recorder;
    private final Consumer<String> info;
    private final CellRunner runner;
    private final Set<Long> guests = ConcurrentHashMap.newKeySet();
    private volatile boolean interrupted;
    private PhaseLog phases = PhaseLog.NONE;
    private final java.util.Map<String, Integer> pointsOf = new java.util.HashMap<>();

    CrashRuns(Plan plan, Recorder recorder, Consumer<String> info, CellRunner runner) {
        this.plan = plan;
        this.recorder = recorder;
        this.info = info;
        this.runner = runner;
    }

    /** Records the cells' unmeasured phases (images, boots, recordings) in {@code log}. */
    void record(PhaseLog log) {
        this.phases = log;
    }

    /** Runs every crash cell not done yet. */
    void run() {
        List<CrashPlan.Cell> cells = CrashPlan.of(plan.scenario(), plan.seed());
        if (cells.isEmpty()) {
            return;
        }
        Path work = plan.layout().work().resolve(WORK);
        clean(work);
        try {
            BootKernel kernel = null;
            for (CrashPlan.Cell cell : cells) {
                if (interrupted || recorder.stopping()) {
                    return;
                }
                int done = CrashRows.done(recorder.done(), cell);
                if (done > 0) {
                    info.accept("kept: " + cell.id() + " (" + done + " crash points recorded earlier)");
                    continue;
                }
                kernel = kernel != null
                        ? kernel
                        : new KernelStore(VmUnits.kernelCache(plan.layout())).resolve(cell.kernel());
                runCell(cell, kernel, work);
            }
        } catch (VmException e) {
            info.accept("crash cells: " + e.getMessage());
            recorder.measuredAll(List.of(CrashRows.failed(cells.get(0), e.getMessage(), Instant.now())));
        } finally {
            clean(work);
        }
    }

    private void runCell(CrashPlan.Cell cell, BootKernel kernel, Path work) {
        info.accept("crash cell " + cell.id() + ": the workload under dm-log-writes in a guest of " + kernel.release()
                + ", then every mark and " + cell.points() + " drawn barriers replayed and recovered");
        Instant start = Instant.now();
        OutsideCpu outside = OutsideCpu.now();
        Path keep = plan.layout().out().resolve(LOGS).resolve(cell.filesystem() + "-" + cell.workload() + ".log.gz");
        try {
            CrashCell.Result r =
                    runner.run(request(cell, kernel, work), this::started, keep, new CrashPhases(phases, cell.id()));
            if (interrupted) {
                info.accept("interrupted during " + cell.id() + ": not recorded; 'fsflow resume "
                        + plan.layout().out() + "' runs the cell again");
                return;
            }
            String virt = r.accel().label();
            List<Measurement> rows = CrashRows.of(
                    cell,
                    kernel.release(),
                    virt,
                    r,
                    start,
                    plan.layout().out(),
                    OutsideCpu.now().secondsSince(outside));
            recorder.measuredAll(rows);
            pointsOf.merge(cell.workload(), r.points().size(), Math::max);
            info.accept(CrashRows.line(cell, r));
        } catch (IOException | VmException e) {
            if (interrupted) {
                info.accept("interrupted during " + cell.id() + ": not recorded; resume runs the cell again");
                return;
            }
            info.accept("crash cell " + cell.id() + " failed: " + e.getMessage());
            recorder.measuredAll(List.of(CrashRows.failed(cell, e.getMessage(), start)));
        } finally {
            guests.clear();
        }
    }

    private CrashCell.Request request(CrashPlan.Cell c, BootKernel kernel, Path work) {
        return new CrashCell.Request(
                "fsflow-crash-" + c.filesystem() + "-" + c.workload(),
                kernel,
                List.of(c.module()),
                c.type(),
                c.mkfs(),
                c.mountOptions(),
                c.check(),
                c.repair(),
                c.script(),
                c.targetBytes(),
                c.logBytes(),
                c.points(),
                c.seed(),
                recoveredThere(c),
                work,
                VmUnits.kernelCache(plan.layout()));
    }

    // the crash points of the cell before it of the same workload (marks and draws are the
    // workload's, so the cells of a workload have about as many), else its drawn ones and one mark:
    // each idle disk of the recording guest costs its boot, and a point beyond them a guest of its own
    private int recoveredThere(CrashPlan.Cell c) {
        return Math.min(org.fsflow.crash.GuestLog.RECOVERED_THERE, pointsOf.getOrDefault(c.workload(), c.points() + 1));
    }

    // a guest that starts after an interrupt (between two batches) is stopped at once
    private void started(long pid) {
        guests.add(pid);
        if (interrupted) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
    }

    /** Stops the running guests: the cell in progress is not recorded. */
    void interrupt() {
        interrupted = true;
        guests.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
    }

    // only what a crash cell makes there: images, jobs, pid files
    private void clean(Path work) {
        if (!Files.isDirectory(work)) {
            return;
        }
        try (Stream<Path> files = Files.list(work)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String name = p.getFileName().toString();
                if (name.startsWith("fsflow-crash-") && Files.isRegularFile(p)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            info.accept("cannot empty " + work + ": " + e.getMessage() + " (remove its fsflow-crash-* files)");
        }
    }
}
