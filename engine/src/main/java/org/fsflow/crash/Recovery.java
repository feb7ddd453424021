package org.fsflow.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The outcome of one crash point: the recovered tree held against what the workload had made
 * durable there. Files made durable and lost or damaged are violations; files written but not
 * yet made durable that are gone or older are the expected loss, counted apart.
 *
 * @param crashClass    the worst class of the point
 * @param violations    one line per durable file lost or damaged: {@code path: missing}
 * @param violatedFiles how many durable files were lost or damaged
 * @param violatedBytes their durable sizes, summed
 * @param lostFiles     files written but not durable that are missing or not as last written
 * @param lostBytes     their last written sizes, summed
 */
public record Recovery(
        CrashClass crashClass,
        List<String> violations,
        int violatedFiles,
        long violatedBytes,
        int lostFiles,
        long lostBytes) {

    /**
     * What the workload had done at the crash point.
     *
     * @param durable what it had made durable (fsync, then the mark): each file's content there
     * @param older   each durable file's earlier durable contents (SHA-256s)
     * @param written every file as last written, durable or not
     */
    public record Expected(Tree durable, Map<String, Set<String>> older, Tree written) {}

    /**
     * Classifies a point.
     *
     * @param expected   what the workload had done
     * @param checkClean true when {@code fsck -n} found nothing
     * @param mounted    true when the filesystem mounted (after {@code fsck -y} where it needed it)
     * @param recovered  the tree the mounted filesystem holds ({@link Tree#EMPTY} when it did not mount)
     */
    public static Recovery classify(Expected expected, boolean checkClean, boolean mounted, Tree recovered) {
        if (!mounted) {
            Tree d = expected.durable();
            long bytes = d.files().values().stream().mapToLong(Tree.File::size).sum();
            return new Recovery(
                    CrashClass.METADATA_CORRUPTED,
                    List.of("the filesystem does not mount"),
                    d.files().size(),
                    bytes,
                    0,
                    0);
        }
        CrashClass worst = checkClean ? CrashClass.CLEAN : CrashClass.FSCK_NEEDED;
        List<String> violations = new ArrayList<>();
        long violatedBytes = 0;
        for (Map.Entry<String, Tree.File> e : expected.durable().files().entrySet()) {
            Tree.File now = recovered.files().get(e.getKey());
            CrashClass c = now == null
                    ? CrashClass.DURABLE_MISSING
                    : now.sha256().equals(e.getValue().sha256())
                            ? CrashClass.CLEAN
                            : expected.older()
                                            .getOrDefault(e.getKey(), Set.of())
                                            .contains(now.sha256())
                                    ? CrashClass.OLDER_VERSION
                                    : CrashClass.DATA_CORRUPTED;
            if (c != CrashClass.CLEAN) {
                violations.add(e.getKey() + ": " + c.label());
                violatedBytes += e.getValue().size();
                worst = c.compareTo(worst) < 0 ? c : worst;
            }
        }
        int lostFiles = 0;
        long lostBytes = 0;
        for (Map.Entry<String, Tree.File> e : expected.written().files().entrySet()) {
            Tree.File durable = expected.durable().files().get(e.getKey());
            Tree.File now = recovered.files().get(e.getKey());
            boolean notDurable =
                    durable == null || !durable.sha256().equals(e.getValue().sha256());
            if (notDurable && (now == null || !now.sha256().equals(e.getValue().sha256()))) {
                lostFiles++;
                lostBytes += e.getValue().size();
            }
        }
        return new Recovery(worst, List.copyOf(violations), violations.size(), violatedBytes, lostFiles, lostBytes);
    }
}
