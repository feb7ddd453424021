package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.result.Measurement;
import org.fsflow.result.MeasurementBuilder;
import org.fsflow.result.Status;
import org.fsflow.vm.GuestResult;

/** Turns what a guest reported for a step into a result row, and its output into the step's logs. */
final class GuestMeasurements {

    private GuestMeasurements() {}

    /** The measurement of a guest's result: the same fields as on the host, measured in the guest. */
    static Measurement measurement(VmUnits.Result r, MeasurementBuilder base, Path out, Path err, List<String> logs) {
        GuestResult g = r.guest();
        write(out, g.stdout());
        write(err, g.stderr());
        Double cpu = g.realSeconds() == null || g.realSeconds() == 0
                ? null
                : (g.userSeconds() + g.sysSeconds()) * 100 / g.realSeconds();
        return base.command(r.command())
                .status(Status.of(g.status()))
                .exitCode(g.exitCode())
                .reason(g.reason())
                .realS(g.realSeconds())
                .userS(g.userSeconds())
                .sysS(g.sysSeconds())
                .cpuPct(cpu == null ? null : (long) Math.floor(cpu))
                .maxRssKb(g.maxRssKb())
                .minorFaults(g.minorFaults())
                .majorFaults(g.majorFaults())
                .readBytes(g.readBytes())
                .writeBytes(g.writeBytes())
                .ioBusyMs(g.ioBusyMs())
                .startedAt(g.startedAt().toString())
                .endedAt(g.endedAt().toString())
                .cpuMethod(g.cpuMethod())
                .memoryMethod(GuestResult.MEMORY_METHOD)
                .devices(g.devices())
                .memoryBudgetBytes(g.memoryBudgetBytes())
                .flushS(g.flushSeconds())
                .log(logs)
                .kernel(r.kernel().release())
                .virt(r.virt())
                .build();
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
