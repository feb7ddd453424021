package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host noise and state: /proc/stat, /proc/loadavg and cpufreq read from fixed text. */
class HostTest {

    @Test
    void busyTicksLeaveIdleAndIowaitOut() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        HostCpu h = HostCpu.parse("cpu  25527 3 6460 53720 702 10 115 241 0 0");
        assertEquals(25527 + 3 + 6460 + 10 + 115 + 241, h.busyTicks());
    }

    @Test
    void othersAreTheHostsBusyTimeMinusTheStep() {
        HostCpu before = new HostCpu(1000);
        HostCpu after = new HostCpu(1150);
        // 1.5 s busy on the host, of which 0.4 s was the step
        assertEquals(1.1, after.othersSince(before, 0.4), 1e-9);
        assertEquals(0.0, after.othersSince(before, 2.0), 1e-9);
        assertNull(after.othersSince(new HostCpu(-1), 0.1));
    }

    @Test
    void loadAndGovernors(@TempDir Path dir) throws Exception {
        Path loadavg = Files.writeString(dir.resolve("loadavg"), "4.87 2.22 0.87 1/95 14900\n");
        assertEquals(Map.of("load_1m", 4.87, "load_5m", 2.22, "load_15m", 0.87), HostState.loadAverage(loadavg));
        for (String cpu : new String[] {"cpu0", "cpu1", "cpu2"}) {
            Files.createDirectories(dir.resolve("cpus/" + cpu + "/cpufreq"));
        }
        Files.writeString(dir.resolve("cpus/cpu0/cpufreq/scaling_governor"), "performance\n");
        Files.writeString(dir.resolve("cpus/cpu1/cpufreq/scaling_governor"), "performance\n");
        Files.writeString(dir.resolve("cpus/cpu2/cpufreq/scaling_governor"), "powersave\n");
        Files.createDirectories(dir.resolve("cpus/cpufreq"));
        assertEquals(Map.of("performance", 2, "powersave", 1), HostState.governors(dir.resolve("cpus")));
    }
}
