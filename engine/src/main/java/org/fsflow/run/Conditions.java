package org.fsflow.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.ByteSize;
import org.fsflow.measure.MemoryCgroup;
import org.fsflow.result.RunConditions;
import org.fsflow.scenario.MemoryBudget;
import org.fsflow.scenario.Scenario;

/**
 * The conditions that make a campaign faithful to its source, as {@code environment.json} records
 * them: the memory budget (as written, as scaled, as applied, and how), warm-up repetitions, the
 * steps that flush, and, once each is attached, whether each loop device does direct I/O.
 */
public final class Conditions {

    private Conditions() {}

    /** The {@code conditions} of environment.json, from the plan's scenario as run. */
    public static RunConditions of(org.fsflow.plan.Plan plan) {
        Scenario s = plan.scenario();
        // the budget of the cells at each other scale a place runs at (--scale guest=0.05)
        Map<String, RunConditions.MemoryBudget> at = new LinkedHashMap<>();
        for (org.fsflow.plan.Cell c : plan.cells()) {
            Scenario v = s.forCell(c.coordinates());
            if (v != s) {
                at.putIfAbsent(org.fsflow.scenario.Scales.plain(v.scale()), budget(v));
            }
        }
        RunConditions.Quiet quiet = s.quiet().equals(org.fsflow.scenario.Quiet.NONE)
                ? null
                : new RunConditions.Quiet(
                        s.quiet().maxWait().toMillis() / 1000.0, s.quiet().retake());
        // as the planner resolved them: the steps that run flush: true
        List<String> flush = plan.nodes().stream()
                .filter(n -> n.measured() && n.step().flush())
                .map(n -> n.step().name())
                .distinct()
                .toList();
        return new RunConditions(budget(s), s.warmup(), flush, at, quiet);
    }

    // the memory budget of s: as written, as scaled, as applied, and how
    private static RunConditions.MemoryBudget budget(Scenario s) {
        MemoryBudget b = s.memory();
        List<String> axis = s.matrix().axes().getOrDefault(MemoryBudget.AXIS, List.of()).stream()
                .map(v -> ByteSize.format(
                        b.withBytes(ByteSize.parse(v.value()), v.where()).effectiveBytes()))
                .toList();
        List<String> steps = s.steps().stream()
                .filter(st -> st.memory() != null)
                .map(st -> st.name() + ": "
                        + ByteSize.format(b.withBytes(st.memory(), st.where()).effectiveBytes()))
                .toList();
        return new RunConditions.MemoryBudget(
                b.bytes(),
                b.scale(),
                b.factor(),
                b.present() ? b.effectiveBytes() : null,
                b.raisedToFloor(),
                MemoryBudget.MIN_BYTES,
                axis,
                steps,
                method(s, axis));
    }

    // probed, not created: the cgroup itself is made by the first step that needs it
    private static String method(Scenario s, List<String> axis) {
        boolean any =
                s.memory().present() || !axis.isEmpty() || s.steps().stream().anyMatch(st -> st.memory() != null);
        if (!any) {
            return null;
        }
        String probe = MemoryCgroup.probe();
        return probe == null ? "unavailable" : probe;
    }
}
