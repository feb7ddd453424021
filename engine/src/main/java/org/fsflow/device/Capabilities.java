package org.fsflow.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;

/**
 * Whether a filesystem can run here, checked before its cells run: are we root, is the mkfs tool
 * (or every program a lifecycle requires) installed, does the kernel know the filesystem (in
 * /proc/filesystems, or after loading its module). A "no" comes with the reason and the fix.
 */
public final class Capabilities {

    private final Map<String, String> cache = new ConcurrentHashMap<>();

    /** Why cells with {@code fs} cannot run here, or null when they can. Cached per filesystem. */
    public String missing(Filesystem fs) {
        return cache.computeIfAbsent(fs.name(), n -> {
                    String why = check(fs);
                    return why == null ? "" : why;
                })
                .transform(s -> s.isEmpty() ? null : s);
    }

    private static String check(Filesystem fs) {
        if (!isRoot()) {
            return "formatting and mounting need root: run fsflow as root (sudo)";
        }
        if (fs.lifecycle() != null) {
            for (String tool : fs.lifecycle().requires()) {
                if (which(tool) == null) {
                    return tool + " not found: install the package that provides it";
                }
            }
            String kernel = fs.lifecycle().kernel();
            return kernel == null || kernelKnows(kernel)
                    ? null
                    : "kernel " + kernelRelease() + " has no " + kernel + " support";
        }
        // the kernel first: installing the mkfs tool would not help a kernel without the filesystem
        FilesystemType driver = FilesystemType.of(fs.type());
        if (!kernelKnows(driver.kernelModule())) {
            return "kernel " + kernelRelease() + " has no " + fs.type() + " support (not in /proc/filesystems, "
                    + "no module loads)";
        }
        if (driver.mkfsProgram() != null && which(driver.mkfsProgram()) == null) {
            return driver.mkfsProgram() + " not found: apt-get install " + driver.packageName();
        }
        return null;
    }

    /** True when fsflow runs as root. */
    public static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0");
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** The path of {@code program} on PATH (and the sbin directories), or null. */
    public static Path which(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program)) ? Path.of(program) : null;
        }
        List<String> dirs =
                new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/local/sbin", "/usr/sbin", "/sbin"));
        for (String dir : dirs) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return Path.of(dir, program);
            }
        }
        return null;
    }

    /** True when the kernel lists {@code fs} in /proc/filesystems, loading its module if needed. */
    static boolean kernelKnows(String fs) {
        if (listed(fs)) {
            return true;
        }
        if (which("modprobe") != null) {
            modprobe(fs);
        }
        return listed(fs);
    }

    private static void modprobe(String module) {
        try {
            Process p = new ProcessBuilder("modprobe", "-q", module)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(1, java.util.concurrent.TimeUnit.MINUTES)) {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            // no module: listed() says so
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean listed(String fs) {
        try {
            return Files.readAllLines(Path.of("/proc/filesystems")).stream()
                    .anyMatch(l -> l.trim()
                            .split("\\s+")[l.trim().split("\\s+").length - 1]
                            .equals(fs));
        } catch (IOException e) {
            return false;
        }
    }

    /** The kernel release, such as 6.1.0-18-amd64. */
    public static String kernelRelease() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
        } catch (IOException e) {
            return System.getProperty("os.version");
        }
    }
}
