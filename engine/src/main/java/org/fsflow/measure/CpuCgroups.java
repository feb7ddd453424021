package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Housekeeping of the per-run cgroups named {@code fsflow-PID}. */
public final class CpuCgroups {

    private CpuCgroups() {
    }

    /** Removes the empty cgroups of fsflow runs whose process is gone (a run killed with -9). */
    public static void removeStale() {
        for (Path root : new Path[] {Path.of("/sys/fs/cgroup/unified"), Path.of("/sys/fs/cgroup")}) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(d -> d.getFileName().toString().matches("fsflow-\\d+")).forEach(d -> {
                    long pid = Long.parseLong(d.getFileName().toString().substring(7));
                    if (ProcessHandle.of(pid).isEmpty()) {
                        try {
                            Files.deleteIfExists(d);
                        } catch (IOException e) {
                            // still holds a process: leave it
                        }
                    }
                });
            } catch (IOException e) {
                // nothing to clean
            }
        }
    }
}
