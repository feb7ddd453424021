package org.fsflow.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM's totals for its reaped children, from {@code /proc/self/stat}: {@code cutime},
 * {@code cstime} (clock ticks), {@code cminflt}, {@code cmajflt}. The kernel adds a child's
 * times and faults (and those of the descendants it reaped) when the JVM reaps it, so the change
 * across one step is what {@code /usr/bin/time} reports as {@code %U %S %R %F}, as long as no
 * other child is reaped meanwhile: fsflow runs one process at a time.
 *
 * @param userTicks   cutime
 * @param systemTicks cstime
 * @param minorFaults cminflt
 * @param majorFaults cmajflt
 */
public record ChildTotals(long userTicks, long systemTicks, long minorFaults, long majorFaults) {

    /** USER_HZ: ticks per second of the times in /proc (100 on every Linux architecture fsflow runs on). */
    public static final long TICKS_PER_SECOND = 100;

    private static final Path SELF = Path.of("/proc/self/stat");

    /** Reads the current totals. */
    public static ChildTotals read() {
        try {
            return parse(Files.readString(SELF));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/stat: fsflow needs Linux /proc", e);
        }
    }

    /** Parses a /proc/PID/stat line (the command name may hold spaces and parentheses). */
    static ChildTotals parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // f[0] is field 3 (state): field n is f[n - 3]
        return new ChildTotals(
                Long.parseLong(f[16 - 3]),
                Long.parseLong(f[17 - 3]),
                Long.parseLong(f[11 - 3]),
                Long.parseLong(f[13 - 3]));
    }

    /** What was added since {@code before}. */
    public ChildTotals minus(ChildTotals before) {
        return new ChildTotals(
                userTicks - before.userTicks,
                systemTicks - before.systemTicks,
                minorFaults - before.minorFaults,
                majorFaults - before.majorFaults);
    }

    /** User seconds. */
    public double userSeconds() {
        return (double) userTicks / TICKS_PER_SECOND;
    }

    /** System seconds. */
    public double systemSeconds() {
        return (double) systemTicks / TICKS_PER_SECOND;
    }
}
