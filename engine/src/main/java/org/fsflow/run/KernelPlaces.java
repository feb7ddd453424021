package org.fsflow.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.fsflow.place.CellPlace;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.scenario.Scenario;

/**
 * Where cells run when a scenario names kernels: each unit goes to the host or, when its cell's
 * kernel is not the host's ({@link Scenario#kernelOf}), to the guests' place ({@link VmPlace}: a
 * throwaway VM under that kernel). Devices and datasets are always prepared on the host (the VM's
 * source image is copied from the datasets generated there).
 */
final class KernelPlaces implements CellPlace {

    private final Scenario scenario;
    private final CellPlace host;
    private final CellPlace vm;

    private KernelPlaces(Plan plan, CellPlace host, CellPlace vm) {
        this.scenario = plan.scenario();
        this.host = host;
        this.vm = vm;
    }

    /** {@code host} alone when every cell runs under the host's kernel, else host and {@code guests} together. */
    static CellPlace of(Plan plan, CellPlace host, CellPlace guests) {
        boolean anyVm = plan.cells().stream()
                .anyMatch(c -> !plan.scenario().kernelOf(c.coordinates()).isHost());
        return anyVm ? new KernelPlaces(plan, host, guests) : host;
    }

    @Override
    public void record(org.fsflow.place.PhaseLog log) {
        vm.record(log);
        host.record(log);
    }

    @Override
    public void open(boolean resume) {
        // a dead run's guests first: their images are in the work directory the host's leftovers may remove
        vm.open(resume);
        host.open(resume);
    }

    @Override
    public void prepare(PlanNode node, BooleanSupplier stop) {
        host.prepare(node, stop);
    }

    @Override
    public void run(Unit unit, UnitSink sink) {
        if (onHost(unit)) {
            host.run(unit, sink);
        } else {
            vm.run(unit, sink);
        }
    }

    // a guest's units go together only with the guest units right after them: the guests' place
    // stops at the first unit of another kernel, a host unit among them
    @Override
    public int together(List<Unit> upcoming) {
        return (onHost(upcoming.get(0)) ? host : vm).together(upcoming);
    }

    @Override
    public void runTogether(List<Unit> units, UnitSink sink) {
        (onHost(units.get(0)) ? host : vm).runTogether(units, sink);
    }

    private boolean onHost(Unit unit) {
        return scenario.kernelOf(unit.cell().coordinates()).isHost();
    }

    // the guests' first: they may use the host's devices
    @Override
    public List<String> left() {
        List<String> left = new ArrayList<>(vm.left());
        left.addAll(host.left());
        return left;
    }

    @Override
    public void interrupt() {
        host.interrupt();
        vm.interrupt();
    }

    @Override
    public void close() {
        try {
            vm.close();
        } finally {
            host.close();
        }
    }
}
