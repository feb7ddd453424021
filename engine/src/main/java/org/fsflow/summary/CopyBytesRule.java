package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Series;

/**
 * A copy, not a clone, that read far fewer bytes from the devices than the data it names: the
 * page cache served its reads (the data was still cached from an earlier step), so its time is
 * not that of reading the data from the device. The advice is {@code drop_caches: true} where the
 * step does not have it already.
 */
public final class CopyBytesRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        List<String> dropped = evidence.environment().campaign().dropCachesSteps();
        List<String> hits = new ArrayList<>();
        boolean advise = false;
        for (Series s : evidence.results().series()) {
            CopyEvidence e = CopyEvidence.of(s, evidence.results(), evidence.environment());
            if (e == null
                    || e.cloned()
                    || !CopiedData.copies(e.command())
                    || e.named() <= 0
                    || e.read() >= CopyEvidence.FAR_FEWER * e.named()) {
                continue;
            }
            boolean drops = dropped.contains(s.key().step());
            advise |= !drops;
            hits.add(e.where() + " (read " + Numbers.bytes(e.read()) + " of " + Numbers.bytes((double) e.named())
                    + (drops ? ", although the step drops caches" : "") + ")");
        }
        return hits.isEmpty()
                ? List.of()
                : List.of(hits.size() + (hits.size() == 1 ? " copy" : " copies")
                        + " read far fewer bytes from the devices than the data they name: the page cache served "
                        + "their reads, so their times do not include reading the data: " + WarningRule.firstSix(hits)
                        + (advise ? ". Give those steps drop_caches: true to start them cold." : "."));
    }
}
