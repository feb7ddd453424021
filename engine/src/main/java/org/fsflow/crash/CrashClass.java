package org.fsflow.crash;

import java.util.Locale;

/**
 * What a crash point yields, worst first, as CrashMonkey (Mohan et al., OSDI '18) classifies
 * it. A point takes the worst class any of its files or checks shows.
 */
public enum CrashClass {
    /** The filesystem does not mount, even after {@code fsck -y}. */
    METADATA_CORRUPTED,
    /** A file made durable holds bytes it never held at a durable point. */
    DATA_CORRUPTED,
    /** A file made durable is gone. */
    DURABLE_MISSING,
    /** A file made durable holds an earlier durable version. */
    OLDER_VERSION,
    /** Every durable file is intact, but the check found problems ({@code fsck -n} failed). */
    FSCK_NEEDED,
    /** The check passed and every durable file is intact. */
    CLEAN;

    /** The name in results and reports: {@code durable-missing}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True for the classes where the filesystem broke a promise (everything worse than fsck needed). */
    public boolean violation() {
        return compareTo(FSCK_NEEDED) < 0;
    }
}
