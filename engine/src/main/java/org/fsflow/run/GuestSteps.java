package org.fsflow.run;

import java.time.Duration;
import java.util.Locale;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.StepCommand;
import org.fsflow.scenario.Scenario;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.GuestStep;
import org.fsflow.vm.VmSession;

/** What the host tells a guest about each step, and what it says of a guest's run. */
final class GuestSteps {

    private GuestSteps() {}

    /** The guest's form of step node {@code n}: its command, limits and error policy. */
    static GuestStep of(Scenario scenario, PlanNode n, StepCommand cmd, Bindings b, boolean firstOfUnit) {
        Duration limit = n.step().timeout() != null ? n.step().timeout() : scenario.timeout();
        Scenario.OnError policy = n.step().onError() != null ? n.step().onError() : scenario.onError();
        return new GuestStep(
                n.id(),
                cmd.argv(),
                n.step().before() == null ? null : b.argv(n.step().before()),
                n.step().after() == null ? null : b.argv(n.step().after()),
                n.step().dropCaches(),
                limit == null ? 0 : Math.max(1, limit.toSeconds()),
                policy != Scenario.OnError.CONTINUE,
                firstOfUnit);
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
