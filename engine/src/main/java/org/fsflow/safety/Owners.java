package org.fsflow.safety;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Who controls a file: its owner and mode as {@code lstat} reports them (a link is never
 * followed), and whether that leaves it to someone other than root and the user fsflow runs as.
 */
final class Owners {

    private static final int STICKY = 01000;
    private static final int GROUP_WRITE = 020;
    private static final int OTHER_WRITE = 02;
    /** The user fsflow runs as: /proc/self belongs to the effective uid of the process. */
    static final int SELF = selfUid();

    private Owners() {}

    /** The lstat facts fsflow judges by. */
    record Attributes(
            int uid, String owner, int gid, String group, int mode, boolean link, boolean directory, boolean regular) {

        String describe() {
            return "owner " + owner + " (uid " + uid + "), group " + group + ", mode "
                    + String.format(Locale.ROOT, "%04o", mode & 07777);
        }
    }

    /** The attributes of {@code p} without following a link, or null when nothing is there. */
    static Attributes attributes(Path p) {
        try {
            Map<String, Object> a = Files.readAttributes(
                    p,
                    "unix:uid,gid,mode,owner,group,isSymbolicLink," + "isDirectory,isRegularFile",
                    LinkOption.NOFOLLOW_LINKS);
            return new Attributes(
                    (Integer) a.get("uid"),
                    a.get("owner").toString(),
                    (Integer) a.get("gid"),
                    a.get("group").toString(),
                    (Integer) a.get("mode"),
                    (Boolean) a.get("isSymbolicLink"),
                    (Boolean) a.get("isDirectory"),
                    (Boolean) a.get("isRegularFile"));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the attributes of " + p, e);
        }
    }

    /** True when root or the user fsflow runs as owns it. */
    static boolean trusted(int uid) {
        return uid == 0 || uid == SELF;
    }

    /**
     * Why another user controls {@code p}, or null. A sticky world-writable directory (/tmp) is
     * accepted above the directory fsflow works in, never as that directory ({@code last}).
     */
    static String problem(Path p, Attributes a, boolean last) {
        if (!trusted(a.uid())) {
            return (a.link() ? "the symbolic link " : "") + p + " belongs to another user (" + a.describe() + ")";
        }
        if (a.link()) {
            return null;
        }
        boolean othersWrite = (a.mode() & (GROUP_WRITE | OTHER_WRITE)) != 0;
        if (othersWrite && !(a.directory() && (a.mode() & STICKY) != 0 && !last)) {
            return p + " is writable by other users (" + a.describe() + ")";
        }
        return null;
    }

    private static int selfUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException e) {
            return 0;
        }
    }
}
