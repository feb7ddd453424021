package org.fsflow.vm;

import org.fsflow.place.StepOutcome;

/**
 * The guest's own clock and CPU counters around a step's command ({@link GuestAgent}): real time
 * from GNU date's nanosecond clock read just before and after the command ({@code clock N
 * SECONDS}, microseconds), user and system time from the cgroup v2 group the command ran in
 * ({@code cpu N before|after USER_USEC SYSTEM_USEC}: the guest kernel's exact accounting, in
 * microseconds). A step whose guest could not give both keeps GNU time's figures (10 ms) and says
 * so in its CPU method.
 */
final class GuestClock {

    /** CPU from the guest's cgroup v2 cpu.stat, real time from its nanosecond clock. */
    static final String CPU_METHOD = "guest-cgroup2-cpu.stat";

    private Double real;
    private long[] before;
    private long[] after;

    /** Takes one tagged line of kind {@code kind}; false when it is not one of these. */
    boolean line(String kind, String rest) {
        String[] f = rest.strip().split("\\s+");
        switch (kind) {
            case "clock" -> real = f.length == 1 && f[0].matches("[0-9]+\\.[0-9]{6}") ? Double.valueOf(f[0]) : null;
            case "cpu" -> {
                long[] v = f.length == 3 && f[1].matches("[0-9]+") && f[2].matches("[0-9]+")
                        ? new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])}
                        : null;
                if (f[0].equals("before")) {
                    before = v;
                } else {
                    after = v;
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code r} with the clock's real time and the cgroup's user and system time when the guest
     * gave both; else GNU time's three figures, so that a row's CPU method also says how its real
     * time was measured ({@link #CPU_METHOD}: the clock; {@link GuestResult#CPU_METHOD}: %e).
     */
    GuestResult apply(GuestResult r) {
        boolean cpu = before != null && after != null && after[0] >= before[0] && after[1] >= before[1];
        StepOutcome o = r.outcome();
        StepOutcome.Figures f = o.figures();
        if (f == null || f.realS() == null || real == null || !cpu) {
            return r; // not run, or GNU time's figures are all there is
        }
        StepOutcome.Figures clocked =
                f.timed(real, (after[0] - before[0]) / 1e6, (after[1] - before[1]) / 1e6, f.cpuPct());
        StepOutcome.Method method = new StepOutcome.Method(
                o.method().devices(), CPU_METHOD, o.method().memoryMethod());
        return r.with(o.amended(o.status(), o.exitCode(), o.reason(), clocked, method, o.around()));
    }
}
