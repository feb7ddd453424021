package org.fsflow.vm;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fsflow.place.CellPlace;
import org.fsflow.place.Resource;
import org.fsflow.place.Teardown;
import org.fsflow.place.Where;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;

/**
 * The place of the cells that run under a kernel other than the host's: each unit in a throwaway
 * guest ({@link VmUnits}), or, with {@code vm: reuse}, consecutive units of one kernel and guest
 * shape in one guest booted once ({@link GuestGroup}: the guest's state reset between them); its
 * steps' outcomes handed to the walker's sink as the guest reports them, each saying the guest's
 * kernel, accelerator and the unit's rank in its guest. What it creates (images, the QEMU
 * process) is in its own registry, {@code vm-state.json}, released at close and by resume. Its
 * devices and datasets are the host's: {@link #prepare} has nothing to do.
 */
public final class VmPlace implements CellPlace {

    /** The registry file of VM resources in the output directory. */
    public static final String STATE = "vm-state.json";

    /** The directory of the guests' images, job and pid files, under the work directory. */
    public static final String WORK_DIR = "vm";

    /** What boots the guests: {@link VmUnits}, or a fake machine in unit tests. */
    public interface Guests {

        /** Why {@code cell} cannot run in a guest under {@code kernel}, or null. */
        String cannotRun(Cell cell, KernelSpec kernel);

        /**
         * Runs {@code units} (cell repetitions, in order) in one guest under {@code kernel}; each
         * step's result goes to {@code sink} as the guest reports it. Returns how the guest ended
         * (the steps it did not report are not sent).
         */
        Ended run(List<List<PlanNode>> units, KernelSpec kernel, Consumer<Result> sink);

        /** Kills the running guest at once (called from another thread). */
        void kill();

        /** Records the guests' images and boots in {@code log}; nothing by default (fakes). */
        default void record(org.fsflow.place.PhaseLog log) {}
    }

    /**
     * One step's result in the guest.
     *
     * @param node    the plan node it belongs to
     * @param guest   what the guest reported
     * @param command the command as the host shows it
     * @param where   where it ran: this host, the guest's kernel and accelerator
     */
    public record Result(PlanNode node, GuestResult guest, String command, Where where) {}

    /**
     * How a guest ended.
     *
     * @param problem null when it ran its job to the end, else why not (it died, was killed at its
     *                limit, could not set up)
     * @param running the step it was running when it ended, or null (between two steps, or none)
     */
    public record Ended(String problem, PlanNode running) {

        /** A guest that ran its whole job. */
        public static final Ended COMPLETE = new Ended(null, null);
    }

    private final Scenario scenario;
    private final Layout layout;
    private final Consumer<String> info;
    private final Function<Teardown, Guests> machine;
    private Teardown teardown;
    private volatile Guests units;
    private org.fsflow.place.PhaseLog phases = org.fsflow.place.PhaseLog.NONE;

    /** The place of {@code scenario}'s guest cells, each booted by {@link VmUnits}. */
    public VmPlace(Scenario scenario, Layout layout, Consumer<String> info) {
        this(scenario, layout, info, t -> new VmUnits(scenario, layout, t, info));
    }

    /** The place of {@code scenario}'s guest cells, their guests booted by what {@code machine} makes. */
    public VmPlace(Scenario scenario, Layout layout, Consumer<String> info, Function<Teardown, Guests> machine) {
        this.scenario = scenario;
        this.layout = layout;
        this.info = info;
        this.machine = machine;
    }

    @Override
    public void open(boolean resume) {
        Path state = layout.out().resolve(STATE);
        if (resume) {
            int left = Teardown.releaseLeftovers(state, info);
            if (left > 0) {
                info.accept("released " + left + " VM resources left by the interrupted run");
            }
            VmResources.removeDeadGuestFiles(layout.work().resolve(WORK_DIR));
        }
        teardown = new Teardown(state, line -> info.accept("teardown: " + line));
        Path dir = layout.work().resolve(WORK_DIR);
        if (!java.nio.file.Files.isDirectory(dir)) {
            // removed (when empty) before the host's teardown, so the work directory it made goes too
            teardown.register(Resource.dir(dir.toString()));
        }
        units = machine.apply(teardown);
        units.record(phases);
    }

    @Override
    public void record(org.fsflow.place.PhaseLog log) {
        this.phases = log;
        if (units != null) {
            units.record(log);
        }
    }

    @Override
    public void prepare(PlanNode node, BooleanSupplier stop) {
        // the host prepares the devices and datasets guests use (their images are made from them)
    }

    /**
     * The units at the head of {@code upcoming} that share one guest: with {@code vm: reuse}, those
     * that follow the first under the same kernel and in a guest of the same RAM (CPUs, scale and
     * disks follow from the kernel), each of which a guest can run.
     */
    @Override
    public int together(List<CellPlace.Unit> upcoming) {
        CellPlace.Unit first = upcoming.get(0);
        KernelSpec kernel = scenario.kernelOf(first.cell().coordinates());
        if (!scenario.vm().reuse() || units.cannotRun(first.cell(), kernel) != null) {
            return 1;
        }
        int memory = GuestSteps.memoryMibOf(first.steps());
        int n = 1;
        while (n < upcoming.size()) {
            CellPlace.Unit next = upcoming.get(n);
            KernelSpec k = scenario.kernelOf(next.cell().coordinates());
            if (!k.name().equals(kernel.name())
                    || GuestSteps.memoryMibOf(next.steps()) != memory
                    || units.cannotRun(next.cell(), k) != null) {
                break;
            }
            n++;
        }
        return n;
    }

    @Override
    public void run(CellPlace.Unit unit, CellPlace.UnitSink sink) {
        runTogether(List.of(unit), sink);
    }

    /**
     * Runs {@code group} in one guest; when it ends before the end of its job, the units it had
     * not begun run each in a fresh guest of their own.
     */
    @Override
    public void runTogether(List<CellPlace.Unit> group, CellPlace.UnitSink sink) {
        List<CellPlace.Unit> again = boot(group, sink);
        if (!again.isEmpty()) {
            info.accept("VM: " + again.size() + " cell repetition" + (again.size() == 1 ? "" : "s")
                    + " the ended guest had not begun run each in a fresh guest");
        }
        for (CellPlace.Unit u : again) {
            if (sink.stopping()) {
                return;
            }
            boot(List.of(u), sink);
        }
    }

    private List<CellPlace.Unit> boot(List<CellPlace.Unit> group, CellPlace.UnitSink sink) {
        KernelSpec kernel = scenario.kernelOf(group.get(0).cell().coordinates());
        GuestGroup guest = new GuestGroup(group, sink, layout, this::interrupt);
        String cannot = units.cannotRun(group.get(0).cell(), kernel);
        if (cannot != null) {
            guest.refuse(cannot);
            return List.of();
        }
        List<List<PlanNode>> steps = group.stream().map(CellPlace.Unit::steps).toList();
        return guest.finish(units.run(steps, kernel, guest::reported));
    }

    @Override
    public List<String> left() {
        return Teardown.leftIn(layout.out().resolve(STATE));
    }

    @Override
    public void interrupt() {
        Guests u = units;
        if (u != null) {
            u.kill();
        }
    }

    @Override
    public void close() {
        if (teardown != null) {
            teardown.releaseAll();
        }
    }
}
