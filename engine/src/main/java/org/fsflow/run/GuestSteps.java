package org.fsflow.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.StepCommand;
import org.fsflow.scenario.MemoryBudget;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.GuestStep;
import org.fsflow.vm.VmSession;

/** What the host tells a guest about each step, and what it says of a guest's run. */
final class GuestSteps {

    /** The guest's least RAM: room for the page cache of a scaled campaign next to kernel and initramfs. */
    static final int MEMORY_MIB = 1024;

    /** What the kernel, the initramfs (unpacked in RAM) and the job's own files need beside a budget. */
    static final int ROOM_MIB = 512;

    private GuestSteps() {}

    /** The guest's RAM for {@code steps}: {@link #MEMORY_MIB}, more when a budget needs room beside the guest's own. */
    static int memoryMib(List<GuestStep> steps) {
        long budget = steps.stream().mapToLong(GuestStep::memoryBytes).max().orElse(-1);
        long mib = budget < 0 ? 0 : (budget + (1 << 20) - 1 >> 20) + ROOM_MIB;
        return (int) Math.max(MEMORY_MIB, mib);
    }

    /**
     * The guest's form of step node {@code n}: its command, limits and error policy, and the memory
     * budget, flush and verify the host would apply to it ({@code b}: the guest's bindings, whose
     * mount points and dataset paths are the host's).
     */
    static GuestStep of(Scenario scenario, PlanNode n, StepCommand cmd, Bindings b, boolean firstOfUnit) {
        Step step = n.step();
        Duration limit = step.timeout() != null ? step.timeout() : scenario.timeout();
        Scenario.OnError policy = step.onError() != null ? step.onError() : scenario.onError();
        String device = step.device() != null ? step.device() : Scenario.TARGET;
        // the named dataset of verify: { dataset, path }, else the cell's own
        String verified = step.verifyDataset() != null
                ? "datasets." + step.verifyDataset().name() + ".path"
                : n.cell().dataset() != null ? "dataset.path" : null;
        boolean verify = step.verify() != null && verified != null;
        return new GuestStep(
                n.id(),
                cmd.argv(),
                n.step().before() == null ? null : b.argv(n.step().before()),
                n.step().after() == null ? null : b.argv(n.step().after()),
                n.step().dropCaches(),
                limit == null ? 0 : Math.max(1, limit.toSeconds()),
                policy != Scenario.OnError.CONTINUE,
                firstOfUnit,
                MemoryBudget.of(scenario, n.cell().coordinates(), step).effectiveBytes(),
                step.flush() ? b.value(device + ".mnt") : null,
                verify ? b.value(verified) : null,
                verify ? b.argv(step.verify()).get(0) : null);
    }

    /** One line on a finished guest: its kernel, accelerator, units, boot and total time. */
    static String describe(BootKernel kernel, VmSession.Outcome o, int units) {
        return String.format(
                Locale.ROOT,
                "VM %s (%s, %s): %d cell repetitions, booted in %s s, %.1f s in all",
                kernel.name(),
                kernel.release(),
                o.accel().label(),
                units,
                o.bootSeconds() == null ? "?" : String.format(Locale.ROOT, "%.1f", o.bootSeconds()),
                o.wallSeconds());
    }
}
