package org.fsflow.vm;

import java.util.List;
import java.util.Locale;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.ResolvedStep;

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

    /** The guest's RAM for a unit of {@code nodes}, as {@link #memoryMib} gives it for their job. */
    static int memoryMibOf(List<PlanNode> nodes) {
        long budget = nodes.stream()
                .filter(n -> !n.step().skipped())
                .mapToLong(n -> n.step().memoryBytes())
                .max()
                .orElse(-1);
        return budget < 0 ? MEMORY_MIB : (int) Math.max(MEMORY_MIB, (budget + (1 << 20) - 1 >> 20) + ROOM_MIB);
    }

    /**
     * The guest's form of step node {@code n}, from its step as the planner resolved it, with the
     * guest's disks bound ({@code step}): its commands, limit and error policy, and the memory
     * budget, flush and verify the host would apply to it (mount points and dataset paths are the
     * host's: the guest mounts its disks and the datasets' source where the host has them). A
     * step whose cell has no dataset to compare with is not verified in the guest.
     */
    static GuestStep of(PlanNode n, ResolvedStep step, boolean firstOfUnit) {
        ResolvedStep.Verify v = step.verify() != null && step.verify().dataset() != null ? step.verify() : null;
        return new GuestStep(
                n.id(),
                step.command().argv(),
                step.before() == null ? null : step.before().argv(),
                step.after() == null ? null : step.after().argv(),
                step.dropCaches(),
                step.timeout() == null ? 0 : Math.max(1, step.timeout().toSeconds()),
                step.onError(),
                firstOfUnit,
                step.memoryBytes(),
                step.flushTarget(),
                v == null ? null : v.source(),
                v == null ? null : v.copy(),
                step.release() == null ? null : step.release().argv());
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
