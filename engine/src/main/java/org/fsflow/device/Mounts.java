package org.fsflow.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What /proc/mounts says is mounted. */
public final class Mounts {

    /** One line of /proc/mounts. */
    public record Entry(String source, Path mountPoint, String type) {}

    private Mounts() {}

    /** Every current mount. */
    public static List<Entry> all() {
        List<Entry> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
                String[] f = line.split(" ");
                if (f.length >= 3) {
                    out.add(new Entry(unescape(f[0]), Path.of(unescape(f[1])), f[2]));
                }
            }
        } catch (IOException e) {
            // without /proc/mounts nothing can be shown mounted; callers treat that as "not mounted"
        }
        return out;
    }

    /** True when something is mounted on {@code mountPoint}. */
    public static boolean isMountPoint(Path mountPoint) {
        Path p = mountPoint.toAbsolutePath().normalize();
        return all().stream().anyMatch(e -> e.mountPoint().equals(p));
    }

    /** The mounts whose source is {@code device} (resolved through symlinks). */
    public static List<Entry> of(Path device) {
        Path real = real(device);
        return all().stream()
                .filter(e ->
                        e.source().startsWith("/") && real(Path.of(e.source())).equals(real))
                .toList();
    }

    /** The kernel name of a device node (loop3 for /dev/loop3), following symlinks. */
    public static String realName(Path device) {
        return real(device).getFileName().toString();
    }

    static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    // /proc/mounts escapes space, tab, newline and backslash as octal
    static String unescape(String s) {
        return s.replace("\\040", " ")
                .replace("\\011", "\t")
                .replace("\\012", "\n")
                .replace("\\134", "\\");
    }
}
