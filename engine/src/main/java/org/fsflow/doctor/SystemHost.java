package org.fsflow.doctor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.device.Capabilities;
import org.fsflow.host.DeviceSetup;
import org.fsflow.host.RunFailure;
import org.fsflow.machine.DeviceBaseline;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;
import org.fsflow.vm.Accel;
import org.fsflow.vm.Accelerators;
import org.fsflow.vm.UmlProbe;
import org.fsflow.vm.VmException;

/** The doctor's view of this machine: the runner's capability and device checks, disk, memory. */
final class SystemHost implements Doctor.Host {

    private final Capabilities capabilities = new Capabilities();

    @Override
    public String missing(Filesystem fs) {
        return capabilities.missing(fs);
    }

    @Override
    public DiskSpeeds diskSpeeds(Path work) {
        return DiskSpeeds.of(DeviceBaseline.cached(work, org.fsflow.scenario.Defaults.WORK_ROOT.resolve("baseline")));
    }

    @Override
    public long freeBytes(Path path) {
        Path p = path.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        try {
            return p == null ? 0 : Files.getFileStore(p).getUsableSpace();
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public Accelerators.Verdict accelerator(Path cache) {
        try {
            if (Accelerators.forced() == Accel.UML) {
                UmlProbe.verdict(cache); // doctor names a user-mode Linux that cannot run here, with its cause
            }
            return Accelerators.known(cache);
        } catch (VmException e) {
            return new Accelerators.Verdict(null, e.getMessage() + ": a run would stop at its first guest");
        }
    }

    @Override
    public long memAvailableBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    @Override
    public String deviceRefusal(Scenario scenario) {
        try {
            DeviceSetup.checkSafety(scenario);
            return null;
        } catch (RunFailure e) {
            return e.getMessage();
        }
    }
}
