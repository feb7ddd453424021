package org.fsflow.place;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.result.MeasurementBuilder;

/**
 * Where a step was measured: every row of {@code results.jsonl} says it.
 *
 * @param host            host name of the machine that ran the steps (a guest's rows name the host it
 *                        ran on)
 * @param kernel          the kernel release there, as {@code uname -r} prints it, or null when the step
 *                        never reached a kernel (skipped before its guest booted)
 * @param virt            {@code host} for the machine's own kernel, {@code kvm} or {@code tcg} in a VM,
 *                        or null likewise
 * @param guestRepetition in a guest: which cell repetition of that guest the step's was (1 in a guest
 *                        booted for it, 2 and more in a guest reused, {@code vm: reuse}); null
 *                        elsewhere
 */
public record Where(String host, String kernel, String virt, Integer guestRepetition) {

    /** Where a step ran outside any reused guest. */
    public Where(String host, String kernel, String virt) {
        this(host, kernel, virt, null);
    }

    /** This place, as the {@code n}-th cell repetition of its guest. */
    public Where inGuest(int n) {
        return new Where(host, kernel, virt, n);
    }

    /** The host name of this machine ({@code /proc/sys/kernel/hostname}), or {@code unknown}. */
    public static String hostname() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** {@code b} with these fields set. */
    public MeasurementBuilder stamp(MeasurementBuilder b) {
        return b.host(host).kernel(kernel).virt(virt).guestRepetition(guestRepetition);
    }
}
