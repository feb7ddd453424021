package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Moments;
import org.fsflow.result.Series;

/**
 * A copy whose files' data is in shared extents (FIEMAP's shared flag, recorded as
 * {@code shared_extents} where the filesystem can share them): a clone, whatever its command. For
 * rows without that record (older runs, imports), a copy that moved far fewer bytes through the
 * devices than the data it names, run as a {@code cp} that can clone (without {@code --reflink=never}, within one xfs, btrfs or bcachefs
 * filesystem, or with {@code --reflink=always}): coreutils 9 and later clone by reflink there, so
 * the copy shares extents and no data byte is copied. Its time is that of a clone, whatever the
 * page cache, memory budget or flush; the fix is {@code cp --reflink=never}.
 */
public final class CloneRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        List<String> hits = new ArrayList<>();
        for (Series s : evidence.results().series()) {
            Moments shared = s.moments("shared_extent_fraction");
            if (shared.n() > 0) {
                // the extents say it: a clone whatever the command, no clone whatever it looks like
                if (s.counted() > 0 && shared.mean() >= 0.5) {
                    hits.add(where(s) + " (" + Math.round(100 * shared.mean()) + " % of its files' data in shared"
                            + " extents" + bytes(s) + ")");
                }
                continue;
            }
            CopyEvidence e = CopyEvidence.of(s, evidence.results(), evidence.environment());
            if (e != null && e.cloned()) {
                hits.add(e.where() + " (read " + Numbers.bytes(e.read()) + ", wrote " + e.writtenText() + " of "
                        + Numbers.bytes((double) e.named()) + (e.fsType().isEmpty() ? "" : " on " + e.fsType())
                        + (e.flushed() ? ", flushed" : "") + ")");
            }
        }
        return hits.isEmpty()
                ? List.of()
                : List.of(hits.size() + (hits.size() == 1 ? " copy was a clone" : " copies were clones")
                        + " (reflink: cp shares the extents and copies no data byte, as coreutils 9 does by default "
                        + "on xfs, btrfs and bcachefs), so their times are not those of byte copies, whatever the "
                        + "page cache, memory budget or flush: " + WarningRule.firstSix(hits)
                        + ". Run cp --reflink=never to copy the bytes.");
    }

    private static String where(Series s) {
        return s.key().cell().id().isEmpty()
                ? s.key().step()
                : s.key().cell().id() + "/" + s.key().step();
    }

    // what it moved, as the devices and the VFS saw it
    private static String bytes(Series s) {
        Moments read = s.moments("read_bytes");
        Moments written = s.moments("write_bytes");
        Moments vfs = s.moments("vfs_write_bytes");
        return (vfs.n() > 0 ? ", " + Numbers.bytes(vfs.mean()) + " through write calls" : "")
                + (read.n() > 0 && written.n() > 0
                        ? "; its devices read " + Numbers.bytes(read.mean()) + " and wrote "
                                + Numbers.bytes(written.mean()) + " meanwhile"
                        : "");
    }
}
