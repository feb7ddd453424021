package org.fsflow.vm;

import java.util.List;

/**
 * One measured step as the guest runs it: the same argument vector as on the host (paths and
 * device nodes already those of the guest), its unmeasured hooks and its limit.
 *
 * @param id             the plan node id, for messages
 * @param argv           the measured command
 * @param before         run unmeasured just before, or null
 * @param after          run unmeasured just after, or null
 * @param dropCaches     sync and drop the guest's page cache, unmeasured, just before
 * @param timeoutSeconds the step's limit inside the guest
 * @param stopsCell      when it fails, the cell's later steps are skipped (on_error skip-cell or abort)
 * @param firstOfUnit    it begins a cell repetition: what the previous one left mounted is unmounted,
 *                       unmeasured, and a previous failure no longer skips steps
 */
public record GuestStep(
        String id,
        List<String> argv,
        List<String> before,
        List<String> after,
        boolean dropCaches,
        long timeoutSeconds,
        boolean stopsCell,
        boolean firstOfUnit) {}
