package org.fsflow.machine;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.fsflow.device.Capabilities;
import org.fsflow.device.DeviceSafety;
import org.fsflow.device.Mounts;
import org.fsflow.place.Commands;
import org.fsflow.result.Baseline;
import org.fsflow.scenario.Device;

/**
 * The baseline of a {@code block:} device, before it is formatted: what it is (sysfs), brought to
 * steady state first where the scenario says {@code precondition:} ({@link Preconditioner}), then
 * the jobs of {@link DeviceBaseline} on its first 256 MiB (the device itself, direct I/O). Only a
 * device the scenario confirmed ({@code destroy: true}) and that passes the same safety checks as
 * its formatting (not mounted, no swap, not the root disk, no holders) is written. Measured every
 * run, never reused: what a drive does depends on what the run before left on it.
 */
public final class BlockBaseline {

    private BlockBaseline() {}

    /**
     * The baseline of {@code b}, or {@code skipped} with the reason; with {@code measure} false (the
     * scenario's {@code baseline: false}) only its precondition, where asked.
     */
    public static Baseline.Disk of(Device.Block b, Path scratchParent, boolean measure, Consumer<String> say) {
        String real = "/dev/" + Mounts.realName(b.path());
        Baseline.Disk out = Baseline.Disk.of(
                b.name(),
                null,
                BackingDisk.block(Mounts.realName(b.path())).from(b.path().toString()));
        String refusal = !b.destroy() ? "not confirmed with destroy: true" : DeviceSafety.refusal(b.path());
        if (refusal != null) {
            return out.skipping(refusal);
        }
        if (Capabilities.which("fio") == null) {
            return out.skipping("fio is not installed: apt-get install fio (or fsflow setup)");
        }
        long size = out.identity().deviceBytes() == null ? 0 : out.identity().deviceBytes();
        Path scratch = scratchParent.resolve(".fsflow-baseline-" + b.name());
        try {
            if (b.precondition() != null) {
                out = out.preconditioned(Preconditioner.run(real, size, b.precondition(), say));
            }
            if (!measure) {
                return out.skipping("the scenario says baseline: false");
            }
            int seconds = Integer.getInteger("fsflow.baseline.seconds", DeviceBaseline.SECONDS_PER_JOB);
            long bytes = Math.min(DeviceBaseline.FILE_BYTES, size) >> 20 << 20;
            String job = DeviceBaseline.jobFile("filename=" + real, bytes, seconds);
            String fio = Commands.run(List.of("fio", "--version"), Duration.ofSeconds(10))
                    .out()
                    .strip();
            say.accept("baseline: measuring " + b.path() + " (device '" + b.name() + "') with fio before it is "
                    + "formatted (7 jobs of " + seconds + " s, direct I/O)");
            Baseline.Figures figures = DeviceBaseline.measure(scratch, job, fio);
            return out.measured(
                    figures,
                    false,
                    DeviceBaseline.contradiction(out.identity().rotational(), figures.randReadIopsQd1()));
        } catch (IOException | RuntimeException e) {
            return out.skipping("fio could not measure " + b.path() + ": " + e.getMessage());
        }
    }
}
