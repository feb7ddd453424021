package org.fsflow.machine;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.fsflow.place.Commands;

/**
 * The version of a tool as environment.json records it. Tools answer {@code --version} or
 * {@code -V} in many ways: some print their version and exit 0, some print it in a usage text and
 * fail (bonnie++, mkfs.jfs), some print a usage text whose option help holds numbers
 * (mkfs.reiserfs's "--format 3.5|3.6", zfs-fuse's "Defaults to 0.0."), and some have no version
 * option at all (zfs-fuse, zpool, zfs). A line is taken from a successful answer, or from a failed
 * one only when it says "version"; never from option help. Without one, the Debian package that
 * installed the tool names its version; else the version is unknown, and said so.
 */
public final class ToolVersion {

    private static final Pattern NUMBER = Pattern.compile("\\d+\\.\\d+");
    private static final Pattern NOT_A_VERSION =
            Pattern.compile("(?i).*(usage|option|defaults? to|unrecognized|invalid|try ').*");

    private ToolVersion() {}

    /** The version of {@code tool}, installed at {@code path}. */
    public static String of(String tool, Path path) {
        for (String flag : List.of("--version", "-V")) {
            Commands.Result r = Commands.run(List.of(path.toString(), flag), Duration.ofSeconds(5));
            String line = fromOutput(r.exitCode(), r.out() + "\n" + r.err());
            if (line != null) {
                return line;
            }
        }
        String pkg = debianPackage(path);
        return pkg != null ? pkg : "unknown (" + path + " has no version option)";
    }

    /**
     * The version line of one answer to a version option: exit code {@code exit}, output
     * {@code text} (stdout and stderr); null when it holds none.
     */
    static String fromOutput(int exit, String text) {
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty()
                    || line.length() >= 200
                    || line.startsWith("-")
                    || raw.startsWith("\t")
                    || raw.startsWith("  ")) {
                continue; // option help is indented or starts with the option
            }
            if (!NUMBER.matcher(line).find() || NOT_A_VERSION.matcher(line).matches()) {
                continue;
            }
            if (exit == 0 || line.toLowerCase(Locale.ROOT).contains("version")) {
                return line;
            }
        }
        return null;
    }

    // "zfs-fuse 0.7.0-25+b1 (Debian package)", from dpkg's record of the file (under /usr-merge,
    // dpkg knows /sbin/zpool as the package installed it, not /usr/sbin/zpool)
    private static String debianPackage(Path path) {
        String p = path.toString();
        for (String candidate : p.startsWith("/usr/") ? List.of(p, p.substring(4)) : List.of(p)) {
            Commands.Result owner = Commands.run(List.of("dpkg-query", "-S", candidate), Duration.ofSeconds(10));
            String pkg = owner.exitCode() == 0 ? packageOf(owner.out(), candidate) : null;
            if (pkg == null) {
                continue;
            }
            Commands.Result v =
                    Commands.run(List.of("dpkg-query", "-W", "-f", "${Version}", pkg), Duration.ofSeconds(10));
            if (v.exitCode() == 0 && !v.out().isBlank()) {
                return pkg + " " + v.out().strip() + " (Debian package; the tool has no version option)";
            }
        }
        return null;
    }

    /** The package of {@code dpkg-query -S FILE}'s answer {@code out} ("pkg[:arch]: FILE"), or null. */
    static String packageOf(String out, String file) {
        for (String line : out.split("\n")) {
            if (line.endsWith(": " + file)) {
                String pkg = line.substring(0, line.length() - file.length() - 2);
                // "diversion by x from: FILE" and "pkg1, pkg2: FILE" are not one owner
                if (pkg.matches("[a-z0-9][a-z0-9+.-]*(:[a-z0-9-]+)?")) {
                    return pkg.replaceAll(":.*", "");
                }
            }
        }
        return null;
    }
}
