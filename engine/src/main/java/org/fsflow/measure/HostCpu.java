package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time the whole host spent busy, from the first line of {@code /proc/stat} (user, nice,
 * system, irq, softirq and steal; idle and iowait are not busy), in USER_HZ ticks. Taken before
 * and after a step, and minus the step's own CPU time, it is the noise: what else ran on the host
 * while the step was measured.
 *
 * @param busyTicks busy ticks of all CPUs since boot, or -1 when /proc/stat cannot be read
 */
public record HostCpu(long busyTicks) {

    /** USER_HZ on Linux. */
    public static final double TICKS_PER_SECOND = 100.0;

    /** Reads the current counters. */
    public static HostCpu read() {
        try (var lines = Files.lines(Path.of("/proc/stat"))) {
            return parse(lines.findFirst().orElse(""));
        } catch (IOException | java.io.UncheckedIOException e) {
            return new HostCpu(-1);
        }
    }

    static HostCpu parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 8 || !f[0].equals("cpu")) {
            return new HostCpu(-1);
        }
        long busy = 0;
        // user nice system idle iowait irq softirq steal: guest time is already inside user
        for (int i : List.of(1, 2, 3, 6, 7)) {
            busy += Long.parseLong(f[i]);
        }
        if (f.length > 8) {
            busy += Long.parseLong(f[8]);
        }
        return new HostCpu(busy);
    }

    /**
     * Seconds of CPU the host spent outside the step since {@code before}: the host's busy time
     * minus {@code stepCpuSeconds}, never below 0 (the host figure has a 10 ms resolution per
     * CPU); null when either snapshot is missing.
     */
    public Double othersSince(HostCpu before, double stepCpuSeconds) {
        if (busyTicks < 0 || before.busyTicks < 0) {
            return null;
        }
        double host = (busyTicks - before.busyTicks) / TICKS_PER_SECOND;
        return Math.max(0, Math.round((host - stepCpuSeconds) * 1000) / 1000.0);
    }
}
