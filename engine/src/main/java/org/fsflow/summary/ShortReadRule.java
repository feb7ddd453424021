package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Moments;
import org.fsflow.result.Series;

/**
 * A read step that read far fewer bytes from the devices than the data it read, so its time is
 * not that of reading the data from them. The cause is named from the evidence: GNU tar writing
 * its archive to {@code /dev/null}, which skips the files' contents; where the step did not drop
 * caches, the page cache (or a FUSE daemon's own cache, where the filesystem has one); where it
 * did, a cache that {@code drop_caches} does not reach.
 */
public final class ShortReadRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        List<String> dropped = evidence.environment().campaign().dropCachesSteps();
        List<String> tar = new ArrayList<>();
        List<String> cached = new ArrayList<>();
        List<String> beyond = new ArrayList<>();
        for (Series s : evidence.results().series()) {
            String command = CopiedData.command(s);
            if (s.counted() == 0 || !ReadData.reads(command)) {
                continue;
            }
            long named = ReadData.namedBytes(s, command, evidence.environment());
            Moments vfs = s.moments("vfs_read_bytes");
            Moments fetched = s.moments("storage_read_bytes");
            // the data: what the command names, else what its processes read through read calls
            long data = named > 0 || vfs.n() == 0 ? named : (long) vfs.mean();
            Moments read = s.moments("read_bytes");
            if (data <= 0
                    || named <= 0 && data < CopyEvidence.NOTHING_BYTES
                    || read.n() == 0
                    || read.mean() >= CopyEvidence.FAR_FEWER * data) {
                continue;
            }
            String where = (s.key().cell().id().isEmpty() ? "" : s.key().cell().id() + "/")
                    + s.key().step();
            String figures = where + " (read " + Numbers.bytes(read.mean()) + " of " + Numbers.bytes((double) data)
                    + (named > 0 ? "" : " its processes read")
                    + (vfs.n() > 0 && fetched.n() > 0
                            ? "; " + Numbers.bytes(vfs.mean()) + " through read calls, " + Numbers.bytes(fetched.mean())
                                    + " of it fetched from storage"
                            : "")
                    + ")";
            boolean service = s.moments("service_cpu_s").n() > 0;
            if (ReadData.tarToNull(command)) {
                tar.add(figures);
            } else if (dropped.contains(s.key().step())) {
                beyond.add(figures + (service ? ", on a filesystem with its own daemon" : ""));
            } else {
                cached.add(figures + (service ? ", on a filesystem with its own daemon" : ""));
            }
        }
        List<String> out = new ArrayList<>();
        if (!tar.isEmpty()) {
            out.add(count(tar) + " read far fewer bytes from the devices than their data because GNU tar does not "
                    + "read the files' contents when its archive is /dev/null: " + WarningRule.firstSix(tar)
                    + ". find DIR -type f -exec cat {} + > /dev/null reads them and keeps a failure's exit status.");
        }
        if (!cached.isEmpty()) {
            out.add(count(cached) + " read far fewer bytes from the devices than their data without dropping caches: "
                    + "the rest came from the page cache (or, on a filesystem with its own daemon, from that "
                    + "daemon's cache), so their times do not include reading it: " + WarningRule.firstSix(cached)
                    + ". drop_caches: true starts them without the page cache.");
        }
        if (!beyond.isEmpty()) {
            out.add(count(beyond) + " read far fewer bytes from the devices than their data although the page cache "
                    + "was dropped before them: the rest came from a cache drop_caches does not reach (a FUSE "
                    + "daemon's own), holes or compression: " + WarningRule.firstSix(beyond) + ".");
        }
        return out;
    }

    private static String count(List<String> steps) {
        return steps.size() + " read " + (steps.size() == 1 ? "step" : "steps");
    }
}
