package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Measurement;
import org.fsflow.result.Series;

/**
 * A write step (a copy, dd to a file) that wrote nothing to the devices during the step: the page
 * cache absorbed the writes, and the time is that of a memory copy. A memory budget as small as
 * the source machine's RAM, or {@code flush: true}, measures the device.
 */
public final class NothingWrittenRule implements WarningRule {

    /** Below this, a step wrote nothing worth the name (a journal commit, metadata). */
    static final long NOTHING_BYTES = 1L << 20;

    @Override
    public List<String> check(Evidence evidence) {
        List<String> hits = new ArrayList<>();
        for (Series s : evidence.results().series()) {
            String command = CopiedData.command(s);
            if (!CopiedData.writes(command) || s.ok().isEmpty()) {
                continue;
            }
            long named = CopiedData.namedBytes(s, command, evidence.environment());
            boolean nothing = s.ok().stream()
                    .map(Measurement::writeBytes)
                    .allMatch(w -> w != null && w < Math.max(NOTHING_BYTES, named / 100));
            if (nothing) {
                hits.add(s.key().cell().id() + "/" + s.key().step());
            }
        }
        return hits.isEmpty()
                ? List.of()
                : List.of(hits.size() + " write steps wrote nothing to the devices during "
                        + "the step: the page cache absorbed their writes, so they time memory copies (give the scenario "
                        + "its source's RAM with memory:, or flush: true): " + WarningRule.firstSix(hits) + ".");
    }
}
