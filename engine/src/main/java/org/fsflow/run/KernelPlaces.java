package org.fsflow.run;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;

/**
 * Where cells run when a scenario names kernels: each unit goes to the host or, when its cell's
 * kernel is not the host's ({@link Scenario#kernelOf}), to a throwaway VM under that kernel.
 * Devices and datasets are always prepared on the host (the VM's source image is copied from
 * the datasets generated there).
 */
final class KernelPlaces implements CellPlace {

    private final Scenario scenario;
    private final CellPlace host;
    private final VmPlace vm;

    private KernelPlaces(Plan plan, CellPlace host, Consumer<String> info) {
        this.scenario = plan.scenario();
        this.host = host;
        this.vm = new VmPlace(plan.scenario(), plan.layout(), info);
    }

    /** {@code host} alone when every cell runs under the host's kernel, else host and VM together. */
    static CellPlace of(Plan plan, CellPlace host, Consumer<String> info) {
        boolean anyVm = plan.cells().stream()
                .anyMatch(c -> !plan.scenario().kernelOf(c.coordinates()).isHost());
        return anyVm ? new KernelPlaces(plan, host, info) : host;
    }

    @Override
    public Where where() {
        return host.where();
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
        KernelSpec kernel = scenario.kernelOf(unit.cell().coordinates());
        if (kernel.isHost()) {
            host.run(unit, sink);
        } else {
            vm.run(unit, kernel, sink);
        }
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
