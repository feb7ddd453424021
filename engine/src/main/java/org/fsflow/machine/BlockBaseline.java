package org.fsflow.machine;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fsflow.device.Capabilities;
import org.fsflow.device.DeviceSafety;
import org.fsflow.device.Mounts;
import org.fsflow.place.Commands;
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
    public static Map<String, Object> of(Device.Block b, Path scratchParent, boolean measure, Consumer<String> say) {
        String real = "/dev/" + Mounts.realName(b.path());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("device", b.name());
        out.put("backing_source", b.path().toString());
        out.putAll(BackingDisk.block(Mounts.realName(b.path())));
        String refusal = !b.destroy() ? "not confirmed with destroy: true" : DeviceSafety.refusal(b.path());
        if (refusal != null) {
            out.put("skipped", refusal);
            return out;
        }
        if (Capabilities.which("fio") == null) {
            out.put("skipped", "fio is not installed: apt-get install fio (or fsflow setup)");
            return out;
        }
        long size = out.get("device_bytes") instanceof Number n ? n.longValue() : 0;
        Path scratch = scratchParent.resolve(".fsflow-baseline-" + b.name());
        try {
            if (b.precondition() != null) {
                out.put("precondition", Preconditioner.run(real, size, b.precondition(), say));
            }
            if (!measure) {
                out.put("skipped", "the scenario says baseline: false");
                return out;
            }
            int seconds = Integer.getInteger("fsflow.baseline.seconds", DeviceBaseline.SECONDS_PER_JOB);
            long bytes = Math.min(DeviceBaseline.FILE_BYTES, size) >> 20 << 20;
            String job = DeviceBaseline.jobFile("filename=" + real, bytes, seconds);
            String fio = Commands.run(List.of("fio", "--version"), Duration.ofSeconds(10))
                    .out()
                    .strip();
            say.accept("baseline: measuring " + b.path() + " (device '" + b.name() + "') with fio before it is "
                    + "formatted (7 jobs of " + seconds + " s, direct I/O)");
            Map<String, Object> figures = DeviceBaseline.measure(scratch, job, fio);
            figures.put("measured_at", java.time.Instant.now().toString());
            out.putAll(figures);
            out.put("reused", false);
            Object qd1 = figures.get("rand_read_iops_qd1");
            out.put(
                    "rotational_contradicted",
                    DeviceBaseline.contradiction(
                            (Boolean) out.get("rotational"), qd1 instanceof Number n ? n.doubleValue() : null));
        } catch (IOException | RuntimeException e) {
            out.put("skipped", "fio could not measure " + b.path() + ": " + e.getMessage());
        }
        return out;
    }
}
