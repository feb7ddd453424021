package org.fsflow.result;

/**
 * The unmeasured work of a run that {@code timeline.jsonl} records with its start and end, each
 * where the engine does it: what a report's table of where the time went, doctor's estimate and
 * the live progress line name. Measured steps are not among them: their times are results.jsonl's.
 */
public enum Phase {
    /** Datasets generated on the source device (or checked against their manifest). */
    DATASETS("datasets", "datasets generated"),
    /** Loop images set up, a guest's disk and source images made, an aged image aged. */
    IMAGES("images", "images built"),
    /** A guest started: from its launch to its first step. */
    BOOTS("boots", "guests booted"),
    /** A copy compared with its source after the step that made it. */
    VERIFY("verify", "copies verified"),
    /** sync and drop_caches before a step that starts cold. */
    CACHES("caches", "caches dropped"),
    /** A device's blocks released (blkdiscard) before a mkfs. */
    RELEASE("release", "blocks released"),
    /** Waiting for the host to be quiet before a step. */
    QUIET("quiet", "waits for a quiet host"),
    /** A measurement disturbed from outside, taken again. */
    RETAKES("retakes", "retakes"),
    /** A step's unmeasured {@code before:} and {@code after:} commands. */
    AROUND("around", "before: and after: commands"),
    /**
     * A crash cell's workload run under dm-log-writes in its guest, from the guest's first line to
     * its end: what the crash points are replayed from, not itself measured.
     */
    CRASH_RECORDING("crash-recording", "crash workloads recorded", false),
    /**
     * The disks under the run measured with fio before its first step (the work directory's, each
     * block device's, preconditioned where asked); none when the day's cache held them.
     */
    BASELINE("baseline", "disk baselines measured", false);

    private final String key;
    private final String label;
    private final boolean always;

    Phase(String key, String label) {
        this(key, label, true);
    }

    Phase(String key, String label, boolean always) {
        this.key = key;
        this.label = label;
        this.always = always;
    }

    /**
     * True for the phases every run can have, which a table of where the time went lists also at
     * 0 s; false for one only some runs have (crash cells), listed where a run recorded it.
     */
    public boolean always() {
        return always;
    }

    /** The name stored in {@code timeline.jsonl}. */
    public String key() {
        return key;
    }

    /** The name a reader sees. */
    public String label() {
        return label;
    }

    /** The phase stored as {@code key}, or null for one this version does not know. */
    public static Phase of(String key) {
        for (Phase p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }
}
