package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * The places of the system that a scenario may never have formatted, mounted over or removed:
 * whatever the scenario says, fsflow refuses a loop image or a mount point there, at validation.
 *
 * <ul>
 *   <li>{@link #SYSTEM}: the directories of the operating system and its state, and everything
 *       under them: {@code /bin /boot /dev /etc /lib /lib32 /lib64 /libx32 /proc /run /sbin /sys
 *       /usr /var/lib /var/log /var/spool /var/mail /var/cache /var/backups}. {@code /dev/shm} (a
 *       memory filesystem where a loop image is sometimes put) is the exception.
 *   <li>{@link #TOPS}: directories a mount would hide the whole of, refused as mount points
 *       themselves (a directory under them is fine): {@code / /home /root /var /tmp /var/tmp /opt
 *       /srv /mnt /media /snap}.
 * </ul>
 */
public final class SystemPaths {

    /** System directories: nothing under them is formatted, mounted over or removed. */
    public static final List<Path> SYSTEM = paths(
            "/bin",
            "/boot",
            "/dev",
            "/etc",
            "/lib",
            "/lib32",
            "/lib64",
            "/libx32",
            "/proc",
            "/run",
            "/sbin",
            "/sys",
            "/usr",
            "/var/lib",
            "/var/log",
            "/var/spool",
            "/var/mail",
            "/var/cache",
            "/var/backups");

    /** Directories that hold others' files: never a mount point themselves. */
    public static final List<Path> TOPS =
            paths("/", "/home", "/root", "/var", "/tmp", "/var/tmp", "/opt", "/srv", "/mnt", "/media", "/snap");

    private static final Path SHM = Path.of("/dev/shm");

    private SystemPaths() {}

    /** Why a loop image may not be at {@code image} (absolute, normalized), or null when it may. */
    public static String imageRefusal(Path image) {
        Path system = system(image);
        return system == null
                ? null
                : image + " is under " + system + ", a system directory: fsflow would format it. "
                        + "Put the image in a directory of its own (such as /var/tmp/fsflow-images/), or leave image: out";
    }

    /** Why a filesystem may not be mounted on {@code mount} (absolute, normalized), or null when it may. */
    public static String mountRefusal(Path mount) {
        Path system = system(mount);
        if (system != null) {
            return mount + " is " + (mount.equals(system) ? "" : "under ") + system
                    + ", a system directory: a mount there hides the system's files and steps would remove them. "
                    + "Choose an empty directory of its own (such as /mnt/fsflow-target), or leave mount: out";
        }
        return TOPS.contains(mount)
                ? mount + " holds other files: a mount there hides them all, and steps that delete in ${...mnt} "
                        + "would delete there. Choose an empty directory of its own (such as /mnt/fsflow-target), "
                        + "or leave mount: out"
                : null;
    }

    /** The system directory {@code p} is in, or null. */
    static Path system(Path p) {
        if (p.startsWith(SHM) && !p.equals(SHM)) {
            return null;
        }
        return SYSTEM.stream().filter(p::startsWith).findFirst().orElse(null);
    }

    private static List<Path> paths(String... names) {
        return java.util.Arrays.stream(names).map(Path::of).toList();
    }
}
