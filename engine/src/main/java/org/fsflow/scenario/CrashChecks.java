package org.fsflow.scenario;

import java.util.Map;
import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;

/** The cross references of the {@code crash:} section: its kernel, filesystems and recovery tools. */
record CrashChecks(Scenario s, Problems problems) {

    void validate() {
        Crash c = s.crash();
        if (c == null) {
            return;
        }
        if (KernelSpec.HOST.equals(c.kernel())) {
            problems.error(
                    c.where(),
                    "crash kernel: crash cells log their writes with dm-log-writes in a guest: name a kernel of "
                            + "kernels: (such as debian-6.1: { debian: linux-image-6.1.0-57-amd64 }), not 'host'");
        } else if (c.kernel() != null) {
            KernelReader.checkReference(c.kernel(), c.where(), s.kernels(), problems);
        }
        c.filesystems().forEach(this::filesystem);
        c.recovery().forEach((key, tools) -> {
            boolean named = c.filesystems().containsKey(key);
            boolean typed = c.filesystems().keySet().stream()
                    .map(s.filesystems()::get)
                    .anyMatch(fs -> fs != null && key.equals(fs.type()));
            if (!named && !typed) {
                problems.error(
                        tools.where(),
                        "crash recovery '" + key + "' is neither a crash filesystem nor the type of one"
                                + hint(key, c.filesystems()));
            }
        });
    }

    private void filesystem(String name, Location where) {
        Filesystem fs = s.filesystems().get(name);
        if (fs == null) {
            problems.error(
                    where,
                    "crash filesystem '" + name + "' is not declared under filesystems:" + hint(name, s.filesystems()));
            return;
        }
        if (fs.lifecycle() != null || FilesystemType.of(fs.type()) == null) {
            problems.error(
                    where,
                    "crash filesystem '" + name + "' has no built-in type: crash cells run mkfs and mount "
                            + "themselves (types: "
                            + String.join(", ", new java.util.TreeSet<>(Crash.DEFAULTS.keySet()))
                            + ")");
            return;
        }
        long min = Crash.MIN_TARGET.getOrDefault(fs.type(), 0L);
        if (s.crash().targetBytes() < min) {
            problems.error(
                    where,
                    "crash filesystem '" + name + "': mkfs." + fs.type() + " needs a device of at least "
                            + ByteSize.format(min) + ", and crash target: is "
                            + ByteSize.format(s.crash().targetBytes())
                            + ": write target: " + ByteSize.format(min) + " or more");
        }
        Crash.Tools tools = s.crash().tools(name, fs.type());
        if (tools == null || tools.check() == null || tools.repair() == null) {
            problems.error(
                    where,
                    "crash filesystem '" + name + "' of type " + fs.type() + " has no default check and repair: "
                            + "give them under crash: recovery: { " + name
                            + ": { check: '... $DEV', repair: '... $DEV' } }");
        }
    }

    private static String hint(String name, Map<String, ?> known) {
        String best = Hints.closest(name, known.keySet());
        return best != null ? " (did you mean '" + best + "'?)" : "";
    }
}
