package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Series;

/**
 * A write step (a copy, not a clone, or dd to a file) that wrote nothing to the devices during the
 * step and was not flushed: the page cache absorbed the writes, and the time is that of a memory
 * copy. The advice names only what the step lacks: {@code flush: true}, and a memory budget
 * ({@code memory:}) where it ran without one. A flushed step that wrote too little is
 * {@link ShortWriteRule}'s; a clone is {@link CloneRule}'s.
 */
public final class NothingWrittenRule implements WarningRule {

    /** Below this, a step wrote nothing worth the name (a journal commit, metadata). */
    static final long NOTHING_BYTES = CopyEvidence.NOTHING_BYTES;

    @Override
    public List<String> check(Evidence evidence) {
        List<String> hits = new ArrayList<>();
        boolean noBudget = false;
        for (Series s : evidence.results().series()) {
            CopyEvidence e = CopyEvidence.of(s, evidence.results(), evidence.environment());
            if (e != null && !e.cloned() && !e.flushed() && e.wroteNothing()) {
                hits.add(e.where() + " (wrote " + e.writtenText()
                        + (e.named() > 0 ? " of " + Numbers.bytes((double) e.named()) : "") + ")");
                noBudget |= !e.budget();
            }
        }
        return hits.isEmpty()
                ? List.of()
                : List.of(hits.size() + " write " + (hits.size() == 1 ? "step" : "steps")
                        + " wrote nothing to the devices during the step and had no flush: the page cache absorbed "
                        + "their writes, so they time memory copies: " + WarningRule.firstSix(hits) + ". Give them "
                        + "flush: true" + (noBudget ? " (and the source's RAM with memory:)" : "")
                        + " to time the device.");
    }
}
