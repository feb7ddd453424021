package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.RunEnvironment;

/**
 * A dataset smaller than twice the RAM (the memory budget where the run had one: the RAM of the
 * machine under test), and no step drops caches: reads may come from the page cache.
 */
public final class PageCacheRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        RunEnvironment env = evidence.environment();
        boolean budget = env.conditions() != null
                && env.conditions().memoryBudget() != null
                && env.conditions().memoryBudget().effectiveBytes() != null;
        long ram = budget
                ? env.conditions().memoryBudget().effectiveBytes()
                : env.memoryBytes() == null ? 0 : env.memoryBytes();
        String what = budget ? "the memory budget" : "the RAM";
        List<String> out = new ArrayList<>();
        if (ram <= 0 || !env.campaign().dropCachesSteps().isEmpty()) {
            return out;
        }
        env.campaign().datasets().forEach((name, d) -> {
            if (d != null && d.bytes() > 0 && d.bytes() < 2 * ram) {
                out.add("Dataset " + name + " (" + Numbers.bytes(d.bytes()) + ") is smaller than twice " + what + " ("
                        + Numbers.bytes(2.0 * ram) + ") and no step drops caches: reads may come from the page "
                        + "cache, not the device.");
            }
        });
        return out;
    }
}
