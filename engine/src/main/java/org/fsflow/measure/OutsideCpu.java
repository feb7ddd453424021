package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A snapshot for the CPU time the host spends outside fsflow over a span of several processes
 * (a crash cell's guests and its replays): the host's busy time ({@link HostCpu}) minus what
 * fsflow's JVM used itself and what its reaped children used ({@code utime}, {@code stime},
 * {@code cutime}, {@code cstime} of {@code /proc/self/stat}). A step's own snapshot
 * ({@code ProcessExecutor}) counts the JVM as "other"; a span that includes fsflow's own work
 * (replaying a write log) must not.
 *
 * @param host        the host's busy ticks
 * @param fsflowTicks the JVM's own and its reaped children's ticks, or -1 when unreadable
 */
public record OutsideCpu(HostCpu host, long fsflowTicks) {

    private static final Path SELF = Path.of("/proc/self/stat");

    /** The snapshot now. */
    public static OutsideCpu now() {
        try {
            return new OutsideCpu(HostCpu.read(), fsflowTicks(Files.readString(SELF)));
        } catch (IOException | RuntimeException e) {
            return new OutsideCpu(HostCpu.read(), -1);
        }
    }

    /**
     * This JVM's own user and system ticks (fields 14 and 15 of /proc/self/stat: its sampler threads,
     * its garbage collector), without its children's; -1 when unreadable. A step's executor takes
     * them out of the host's other CPU: they are fsflow's, not the host's noise.
     */
    public static long ownTicks() {
        try {
            String stat = Files.readString(SELF);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** This JVM's own CPU seconds since {@link #ownTicks} gave {@code before}; 0 when either is unknown. */
    public static double ownSecondsSince(long before) {
        long now = ownTicks();
        return now >= 0 && before >= 0 ? (now - before) / (double) ChildTotals.TICKS_PER_SECOND : 0;
    }

    /** utime + stime + cutime + cstime (fields 14 to 17) of a /proc/PID/stat line. */
    static long fsflowTicks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        long sum = 0;
        for (int field = 14; field <= 17; field++) {
            sum += Long.parseLong(f[field - 3]); // f[0] is field 3 (state)
        }
        return sum;
    }

    /** Seconds of CPU the host spent outside fsflow since {@code before}, or null when unknown. */
    public Double secondsSince(OutsideCpu before) {
        if (fsflowTicks < 0 || before.fsflowTicks < 0) {
            return null;
        }
        return host.othersSince(
                before.host, (fsflowTicks - before.fsflowTicks) / (double) ChildTotals.TICKS_PER_SECOND);
    }
}
