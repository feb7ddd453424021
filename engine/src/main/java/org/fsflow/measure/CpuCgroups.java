package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Housekeeping of the per-run cgroups named {@code fsflow-PID}: the CPU cgroup at the top of the
 * v2 hierarchy, the memory-budget cgroup beneath fsflow's own memory cgroup.
 */
public final class CpuCgroups {

    private CpuCgroups() {}

    /**
     * Removes the empty cgroups of fsflow runs whose process is gone (a run killed with -9), the
     * services' groups ({@code fsflow-PID-services}) included; one that still holds a process (a
     * service of a killed run, stopped by its resume) is left alone.
     */
    public static void removeStale() {
        java.util.List<Path> roots = new java.util.ArrayList<>(
                java.util.List.of(Path.of("/sys/fs/cgroup/unified"), Path.of("/sys/fs/cgroup")));
        MemoryCgroup.Location memory = memoryLocation();
        if (memory != null) {
            roots.add(memory.own());
        }
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(d -> d.getFileName().toString().matches("fsflow-\\d+(-services)?"))
                        .forEach(d -> {
                            long pid = Long.parseLong(
                                    d.getFileName().toString().substring(7).replace("-services", ""));
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

    private static MemoryCgroup.Location memoryLocation() {
        try {
            return MemoryCgroup.locate(Files.readAllLines(Path.of("/proc/self/cgroup")), Path.of("/sys/fs/cgroup"));
        } catch (IOException e) {
            return null;
        }
    }
}
