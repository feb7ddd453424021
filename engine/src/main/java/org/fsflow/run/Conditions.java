package org.fsflow.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.ByteSize;
import org.fsflow.measure.MemoryCgroup;
import org.fsflow.scenario.MemoryBudget;
import org.fsflow.scenario.Scenario;

/**
 * The conditions that make a campaign faithful to its source, as {@code environment.json} records
 * them: the memory budget (as written, as scaled, as applied, and how), warm-up repetitions, the
 * steps that flush, and, once each is attached, whether each loop device does direct I/O.
 */
public final class Conditions {

    private Conditions() {}

    /** The {@code conditions} object of environment.json, from the plan's scenario as run. */
    public static Map<String, Object> of(org.fsflow.plan.Plan plan) {
        Scenario s = plan.scenario();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("memory_budget", budget(s));
        // the budget of the cells at each other scale a place runs at (--scale guest=0.05)
        Map<String, Object> at = new LinkedHashMap<>();
        for (org.fsflow.plan.Cell c : plan.cells()) {
            Scenario v = s.forCell(c.coordinates());
            if (v != s) {
                at.putIfAbsent(org.fsflow.scenario.Scales.plain(v.scale()), budget(v));
            }
        }
        m.put("memory_budget_at", at);
        m.put("warmup", s.warmup());
        if (!s.quiet().equals(org.fsflow.scenario.Quiet.NONE)) {
            Map<String, Object> quiet = new LinkedHashMap<>();
            quiet.put("max_wait_s", s.quiet().maxWait().toMillis() / 1000.0);
            quiet.put("retake", s.quiet().retake());
            m.put("quiet", quiet);
        }
        // as the planner resolved them: the steps that run flush: true
        m.put(
                "flush_steps",
                plan.nodes().stream()
                        .filter(n -> n.measured() && n.step().flush())
                        .map(n -> n.step().name())
                        .distinct()
                        .toList());
        return m;
    }

    // the memory budget of s: as written, as scaled, as applied, and how
    private static Map<String, Object> budget(Scenario s) {
        MemoryBudget b = s.memory();
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("bytes", b.bytes());
        memory.put("scale", b.scale());
        memory.put("factor", b.factor());
        memory.put("effective_bytes", b.present() ? b.effectiveBytes() : null);
        memory.put("raised_to_floor", b.raisedToFloor());
        memory.put("floor_bytes", MemoryBudget.MIN_BYTES);
        List<String> axis = s.matrix().axes().getOrDefault(MemoryBudget.AXIS, List.of()).stream()
                .map(v -> ByteSize.format(
                        b.withBytes(ByteSize.parse(v.value()), v.where()).effectiveBytes()))
                .toList();
        memory.put("axis", axis);
        memory.put(
                "steps",
                s.steps().stream()
                        .filter(st -> st.memory() != null)
                        .map(st -> st.name() + ": "
                                + ByteSize.format(
                                        b.withBytes(st.memory(), st.where()).effectiveBytes()))
                        .toList());
        memory.put("method", method(s, axis));
        return memory;
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
