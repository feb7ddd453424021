package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The host's state when a run starts, for {@code environment.json}: the load average and the CPU
 * frequency governor of each CPU (a powersave governor or a busy host bends every timing).
 */
public final class HostState {

    private HostState() {}

    /** {@code load_1m}, {@code load_5m}, {@code load_15m} from /proc/loadavg (empty when unreadable). */
    public static Map<String, Double> loadAverage() {
        return loadAverage(Path.of("/proc/loadavg"));
    }

    static Map<String, Double> loadAverage(Path file) {
        Map<String, Double> m = new LinkedHashMap<>();
        try {
            String[] f = Files.readString(file).trim().split("\\s+");
            m.put("load_1m", Double.parseDouble(f[0]));
            m.put("load_5m", Double.parseDouble(f[1]));
            m.put("load_15m", Double.parseDouble(f[2]));
        } catch (IOException | RuntimeException e) {
            // not Linux, or a masked /proc: recorded as absent
        }
        return m;
    }

    /**
     * The scaling governor with the CPUs that use it ({@code {"performance": 2}}); empty where
     * cpufreq is not exposed (most VMs and containers), which the report says as "not exposed".
     */
    public static Map<String, Integer> governors() {
        return governors(Path.of("/sys/devices/system/cpu"));
    }

    static Map<String, Integer> governors(Path cpus) {
        Map<String, Integer> m = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(cpus)) {
            dirs.filter(d -> d.getFileName().toString().matches("cpu\\d+")).forEach(d -> {
                try {
                    m.merge(
                            Files.readString(d.resolve("cpufreq/scaling_governor"))
                                    .trim(),
                            1,
                            Integer::sum);
                } catch (IOException e) {
                    // this CPU has no cpufreq
                }
            });
        } catch (IOException e) {
            // no sysfs
        }
        return m;
    }
}
