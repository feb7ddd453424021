package org.fsflow.vm;

import org.fsflow.place.StepOutcome;

/**
 * What the guest reported for one step: its {@link StepOutcome} as measured inside the guest (real
 * time from the guest's nanosecond clock, user and system time from its cgroup v2 cpu.stat, see
 * {@link GuestClock}; max RSS and faults from GNU time; the change in the guest's /proc/diskstats
 * over all its virtio disks; the budget, flush and verify of {@link StepChecks}), and its output.
 * The outcome's command, log files and place are the host's to say ({@link StepOutcome#reported}).
 *
 * @param index   the step's position in the job
 * @param outcome what the guest observed
 * @param stdout  the step's standard output (capped at 1 MiB)
 * @param stderr  its standard error (capped at 1 MiB)
 * @param kernel  the CPU the guest's kernel threads used meanwhile, by thread, for the host to
 *                attribute to the step's filesystem; null when the guest did not report it
 */
public record GuestResult(
        int index, StepOutcome outcome, byte[] stdout, byte[] stderr, org.fsflow.measure.KernelCpu kernel) {

    /** A result without kernel threads' figures. */
    public GuestResult(int index, StepOutcome outcome, byte[] stdout, byte[] stderr) {
        this(index, outcome, stdout, stderr, null);
    }

    /** How user and system time are measured in a guest without cgroup v2: GNU time (10 ms). */
    public static final String CPU_METHOD = "guest-gnu-time";
    /** How max RSS is measured in a guest. */
    public static final String MEMORY_METHOD = "guest-gnu-time";

    /** Whether real time is from the guest's nanosecond clock (else GNU time's %e). */
    public boolean realClock() {
        return outcome.method() != null
                && GuestClock.CPU_METHOD.equals(outcome.method().cpuMethod());
    }

    /** This result with {@code o} as its outcome. */
    GuestResult with(StepOutcome o) {
        return new GuestResult(index, o, stdout, stderr, kernel);
    }
}
