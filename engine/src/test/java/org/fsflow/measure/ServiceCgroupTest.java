package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The services' group: usage_usec read from a real cpu.stat's layout, and the start line that enters it. */
class ServiceCgroupTest {

    @TempDir
    Path dir;

    @Test
    void usageIsTheUsageUsecLineOfCpuStat() throws Exception {
        // the layout of /sys/fs/cgroup/X/cpu.stat on Linux 6.x (cpu controller off: the first six lines)
        Files.writeString(dir.resolve("cpu.stat"), """
                usage_usec 127834512
                user_usec 41234000
                system_usec 86600512
                core_sched.force_idle_usec 0
                nr_periods 0
                nr_throttled 0
                """);
        assertEquals(127834512L, ServiceCgroup.usageMicros(dir));
    }

    @Test
    void anUnreadableCpuStatIsMinusOne() {
        assertEquals(-1L, ServiceCgroup.usageMicros(dir));
    }

    @Test
    void theServiceMovesItselfIntoTheGroupBeforeItRuns() throws Exception {
        Files.writeString(dir.resolve("cpu.stat"), "usage_usec 0\n");
        ServiceCgroup g = ServiceCgroup.create(dir);
        List<String> argv = g.entering(List.of("sh", "-c", "zfs-fuse --pidfile p"));
        assertEquals(
                List.of(
                        "sh",
                        "-c",
                        "echo $$ > '" + dir.resolve("cgroup.procs") + "' || exit 125\nexec \"$@\"",
                        "fsflow-service",
                        "sh",
                        "-c",
                        "zfs-fuse --pidfile p"),
                argv);
    }
}
