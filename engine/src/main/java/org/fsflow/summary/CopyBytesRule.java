package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.fsflow.result.Measurement;
import org.fsflow.result.Series;

/**
 * A copy that moved far fewer bytes to and from the devices than the data it names: a clone
 * (reflink: the copy shares extents, no byte is copied) or the page cache (reads served from
 * memory, writes not yet on the device). Its time is not the time of a byte copy.
 */
public final class CopyBytesRule implements WarningRule {

    /** Below this share of the named data, a copy did not move its bytes. */
    static final double FAR_FEWER = 0.25;

    @Override
    public List<String> check(Evidence evidence) {
        List<String> hits = new ArrayList<>();
        for (Series s : evidence.results().series()) {
            String command = CopiedData.command(s);
            if (!CopiedData.copies(command) || s.ok().isEmpty()) {
                continue;
            }
            long named = CopiedData.namedBytes(s, command, evidence.environment());
            double read = CopiedData.mean(s.ok().stream()
                    .map(Measurement::readBytes)
                    .filter(Objects::nonNull)
                    .toList());
            double written = CopiedData.mean(s.ok().stream()
                    .map(Measurement::writeBytes)
                    .filter(Objects::nonNull)
                    .toList());
            if (named > 0 && Math.min(read, written) < FAR_FEWER * named) {
                hits.add(s.key().cell().id() + "/" + s.key().step() + " (read " + Numbers.bytes(read) + ", wrote "
                        + Numbers.bytes(written) + " of " + Numbers.bytes((double) named) + ")");
            }
        }
        return hits.isEmpty()
                ? List.of()
                : List.of(hits.size() + " copies moved far fewer bytes through the devices "
                        + "than the data they name, so a clone (reflink) or the page cache served them and their times are "
                        + "not those of byte copies: " + WarningRule.firstSix(hits) + ".");
    }
}
