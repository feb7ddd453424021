package org.fsflow.vm;

import java.util.List;
import org.fsflow.scenario.Scenario;

/**
 * One measured step as the guest runs it: the same argument vector as on the host (paths and
 * device nodes already those of the guest), its unmeasured hooks, its limit, and what the host
 * does around a step (memory budget, flush, verify), done inside the guest.
 *
 * @param id             the plan node id, for messages
 * @param argv           the measured command
 * @param before         run unmeasured just before, or null
 * @param after          run unmeasured just after, or null
 * @param dropCaches     sync and drop the guest's page cache, unmeasured, just before
 * @param timeoutSeconds the step's limit inside the guest
 * @param onError        what its failure does: with skip-cell or abort the repetition's later steps are
 *                       skipped in the guest (the host's walker then stops the campaign on abort)
 * @param firstOfUnit    it begins a cell repetition: what the previous one left mounted is unmounted,
 *                       unmeasured, and a previous failure no longer skips steps
 * @param memoryBytes    the memory budget (cgroup v2 {@code memory.max} in the guest) the command runs
 *                       under, or -1 for none
 * @param flushPath      {@code flush: true}: the mount point synced ({@code sync -f}) after the command,
 *                       inside the measured interval; or null
 * @param verifyDataset  {@code verify:}: the dataset's directory (the read-only source in the guest),
 *                       or null
 * @param verifyCopy     {@code verify:}: the copy that must equal it, or null
 * @param release        run unmeasured after {@code before} and the cache drop, before a mkfs: the release
 *                       of the disk's blocks ({@code blkdiscard}), or null
 */
public record GuestStep(
        String id,
        List<String> argv,
        List<String> before,
        List<String> after,
        boolean dropCaches,
        long timeoutSeconds,
        Scenario.OnError onError,
        boolean firstOfUnit,
        long memoryBytes,
        String flushPath,
        String verifyDataset,
        String verifyCopy,
        List<String> release) {

    /** A step without budget, flush or verify. */
    public GuestStep(
            String id,
            List<String> argv,
            List<String> before,
            List<String> after,
            boolean dropCaches,
            long timeoutSeconds,
            Scenario.OnError onError,
            boolean firstOfUnit) {
        this(id, argv, before, after, dropCaches, timeoutSeconds, onError, firstOfUnit, -1, null, null, null, null);
    }

    /** True when the copy is compared with the dataset after the step. */
    public boolean verifies() {
        return verifyCopy != null;
    }
}
