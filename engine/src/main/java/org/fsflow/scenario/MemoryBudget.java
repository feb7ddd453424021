package org.fsflow.scenario;

import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Location;

/**
 * {@code memory: SIZE}: the machine under test has SIZE of RAM. Every measured step of a cell runs
 * in a memory cgroup capped at the budget, so that the page cache holds, and writes back, what it
 * would on that machine. Written on the scenario, on a step ({@code memory:} under the step), or
 * as a matrix axis named {@code memory} (one budget per cell):
 *
 * <pre>
 * memory: 512MB                          # the source's machine had 512 MB of RAM
 * memory: { size: 1GiB, scale: false }   # keep 1 GiB whatever --scale says
 * matrix: { memory: [256MiB, 2GiB] }     # compare budgets
 * </pre>
 *
 * {@code --scale F} shrinks the budget with the datasets, so the data-to-RAM ratio of the source is
 * kept, unless {@code scale: false}; never below {@link #MIN_BYTES}, what the steps' own tools need.
 *
 * @param bytes  the budget as written (or as given by the matrix), or null when the scenario itself
 *               has none (it may still have a {@code memory} axis or step budgets)
 * @param scale  {@code scale:} whether {@code --scale} shrinks it (default true)
 * @param factor the factor the datasets were shrunk by (1 without {@code --scale})
 * @param where  where it is written
 */
public record MemoryBudget(Long bytes, boolean scale, double factor, Location where) {

    /**
     * The smallest budget fsflow applies: the steps' own processes (cp, mkfs.xfs, bonnie++, fio)
     * need up to a few tens of MiB of their own beside the page cache, and a cgroup that small
     * would have them killed rather than measured.
     */
    public static final long MIN_BYTES = 64L << 20;

    /** The matrix axis whose values are per-cell budgets. */
    public static final String AXIS = "memory";

    /** No budget given: the host's whole RAM, the default. */
    public static MemoryBudget none(Location where) {
        return new MemoryBudget(null, true, 1.0, where);
    }

    /** This budget with the datasets shrunk by {@code datasetFactor} (ignored with {@code scale: false}). */
    public MemoryBudget scaledBy(double datasetFactor) {
        return new MemoryBudget(bytes, scale, scale ? datasetFactor : 1.0, where);
    }

    /** A budget of {@code size} bytes (a step's, a matrix value) that scales like this one. */
    public MemoryBudget withBytes(long size, Location at) {
        return new MemoryBudget(size, scale, factor, at);
    }

    /**
     * The budget of {@code step} in the cell at {@code coordinates} of {@code scenario}: the step's
     * own, else the cell's {@code memory} axis value, else the scenario's (each scaled alike).
     */
    public static MemoryBudget of(Scenario scenario, java.util.Map<String, String> coordinates, Step step) {
        MemoryBudget top = scenario.memory();
        if (step.memory() != null) {
            return top.withBytes(step.memory(), step.where());
        }
        String axis = coordinates == null ? null : coordinates.get(AXIS);
        return axis == null ? top : top.withBytes(ByteSize.parse(axis), top.where());
    }

    /** True when a budget applies. */
    public boolean present() {
        return bytes != null;
    }

    /** The budget as scaled, before the floor; -1 when there is none. */
    public long scaledBytes() {
        return bytes == null ? -1 : Math.round(bytes * factor);
    }

    /** The limit the cgroup gets: the scaled budget, never below {@link #MIN_BYTES}; -1 when there is none. */
    public long effectiveBytes() {
        return bytes == null ? -1 : Math.max(MIN_BYTES, scaledBytes());
    }

    /** True when the scaled budget had to be raised to {@link #MIN_BYTES}. */
    public boolean raisedToFloor() {
        return bytes != null && scaledBytes() < MIN_BYTES;
    }
}
