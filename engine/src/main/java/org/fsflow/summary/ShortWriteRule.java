package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Moments;
import org.fsflow.result.Series;

/**
 * A write step (not a clone) that wrote less than its data to the devices during the step. Without
 * a flush, the rest was still dirty in the page cache when the step ended; with {@code flush:
 * true} the filesystem was synced inside the step, so the missing bytes were never written during
 * it (part of the copy shared, compressed or kept in memory by the filesystem): flagged with the
 * figures either way.
 */
public final class ShortWriteRule implements WarningRule {

    /** Below this share of the data it names, a write step wrote less than its data. */
    static final double SHORT = 0.8;

    @Override
    public List<String> check(Evidence evidence) {
        List<String> flushed = new ArrayList<>();
        List<String> unflushed = new ArrayList<>();
        for (Series s : evidence.results().series()) {
            CopyEvidence e = CopyEvidence.of(s, evidence.results(), evidence.environment());
            long data = e == null ? 0 : e.data(s);
            if (e == null
                    || e.cloned()
                    || data <= 0
                    || e.writtenMin() >= SHORT * data
                    || e.wroteNothing() && !e.flushed()) {
                continue;
            }
            Moments dirty = s.moments("dirty_end_bytes");
            Moments writeback = s.moments("writeback_end_bytes");
            (e.flushed() ? flushed : unflushed)
                    .add(e.where() + " (wrote " + e.writtenText() + " of " + Numbers.bytes((double) data)
                            + (e.named() > 0 ? "" : " its processes dirtied")
                            + (e.cloneable() ? ", with a cp that may clone part of it on " + e.fsType() : "")
                            + (dirty.n() > 0 && !e.flushed()
                                    ? ", " + Numbers.bytes(dirty.mean() + (writeback.n() > 0 ? writeback.mean() : 0))
                                            + " dirty or under writeback host-wide at its end"
                                    : "")
                            + ")");
        }
        List<String> out = new ArrayList<>();
        if (!flushed.isEmpty()) {
            out.add(flushed.size() + " write " + (flushed.size() == 1 ? "step" : "steps")
                    + " wrote less than their data despite flush: true (the filesystem was synced inside the step, "
                    + "so the rest never reached the device during it: shared, compressed or skipped blocks): "
                    + WarningRule.firstSix(flushed) + ".");
        }
        if (!unflushed.isEmpty()) {
            out.add(unflushed.size() + " write " + (unflushed.size() == 1 ? "step" : "steps")
                    + " wrote less than their data during the step and had no flush, so the rest was still in the "
                    + "page cache when their clocks stopped: " + WarningRule.firstSix(unflushed)
                    + ". flush: true puts the writing inside the measured time.");
        }
        return out;
    }
}
