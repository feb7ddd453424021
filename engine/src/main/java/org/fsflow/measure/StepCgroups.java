package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cgroups a measured step enters in its one-line shell prelude: the run's CPU cgroup (exact CPU
 * time of the whole tree), and, when the step has a memory budget, the run's memory cgroup with its
 * limit set to that budget. The memory cgroup is made on the first step that needs one and removed
 * with the rest at the end of the run.
 */
public final class StepCgroups {

    private final CpuCgroup cpu;
    private final String memoryName;
    private MemoryCgroup memory;

    /** The cgroups of a run: {@code cpu} (or null where none could be made), a memory cgroup named {@code memoryName}. */
    public StepCgroups(CpuCgroup cpu, String memoryName) {
        this.cpu = cpu;
        this.memoryName = memoryName;
    }

    /** The CPU cgroup, or null. */
    public CpuCgroup cpu() {
        return cpu;
    }

    /**
     * {@code argv} made to enter the CPU cgroup and, when {@code budgetBytes >= 0}, the memory
     * cgroup capped at {@code budgetBytes}. Throws when the budget cannot be applied here: a step
     * measured without the budget it asks for would not measure what the scenario means.
     */
    public List<String> enter(List<String> argv, long budgetBytes) throws MemoryCgroup.Unavailable {
        List<Path> procs = new ArrayList<>();
        if (cpu != null) {
            procs.add(cpu.procs());
        }
        if (budgetBytes >= 0) {
            if (memory == null) {
                memory = MemoryCgroup.create(memoryName);
            }
            try {
                memory.limit(budgetBytes);
            } catch (IOException e) {
                throw new MemoryCgroup.Unavailable("cannot set the memory budget of " + memory.dir() + " to "
                        + budgetBytes + " bytes: " + e.getMessage());
            }
            procs.add(memory.procs());
        }
        return CpuCgroup.entering(procs, argv);
    }

    /**
     * The cgroup.procs file a step's prelude writes last (the memory cgroup's with a budget, else
     * the CPU cgroup's): once the step's pid is listed there, it is in all of its cgroups and waits
     * for its go. Null when a step enters no cgroup (and then has no prelude to wait in).
     */
    public Path lastProcs(long budgetBytes) {
        if (budgetBytes >= 0 && memory != null) {
            return memory.procs();
        }
        return cpu == null ? null : cpu.procs();
    }

    /**
     * The OOM kills counted so far in the memory cgroup (see {@link MemoryCgroup#oomKills()}), or
     * -1 when a step with {@code budgetBytes} has no memory cgroup or the kernel does not count them.
     */
    public long oomKills(long budgetBytes) {
        return budgetBytes >= 0 && memory != null ? memory.oomKills() : -1;
    }

    /** How the memory budget is enforced, or null when no step had one. */
    public String memoryMethod() {
        return memory == null ? null : memory.method();
    }

    /** Removes every cgroup made (no step runs any more). */
    public void close() {
        if (memory != null) {
            memory.remove();
            memory = null;
        }
        if (cpu != null) {
            cpu.remove();
        }
    }
}
