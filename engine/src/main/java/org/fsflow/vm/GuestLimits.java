package org.fsflow.vm;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.device.Capabilities;
import org.fsflow.plan.Cell;
import org.fsflow.plan.StepCommand;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.Scenario;

/** What keeps a cell out of a guest whatever its kernel: its devices, datasets and filesystems. */
final class GuestLimits {

    private GuestLimits() {}

    /** Why {@code cell} of {@code scenario} cannot run in a guest, or null. */
    static String cannotRun(Scenario scenario, Cell cell) {
        for (Device d : scenario.devices().values()) {
            if (d instanceof Device.Block || d instanceof Device.Dir) {
                return "device '" + d.name() + "' is a " + (d instanceof Device.Block ? "block device" : "directory")
                        + ": cells under another kernel use loop or tmpfs devices only";
            }
        }
        for (Dataset d : scenario.datasets().values()) {
            if (d.existing() != null) {
                return "dataset '" + d.name() + "' is an existing directory: cells under another kernel use "
                        + "generated datasets only";
            }
        }
        for (Filesystem fs : filesystems(scenario, cell)) {
            if (fs.lifecycle() != null) {
                return "filesystem '" + fs.name() + "' has a custom lifecycle: it runs on the host kernel only";
            }
            FilesystemType driver = FilesystemType.of(fs.type());
            if (driver.mkfsProgram() != null && Capabilities.which(driver.mkfsProgram()) == null) {
                return driver.mkfsProgram() + " not found on the host (the guest runs the host's copy): apt-get "
                        + "install " + driver.packageName();
            }
        }
        return null;
    }

    /** The filesystems {@code cell} makes on its devices (not the source). */
    static List<Filesystem> filesystems(Scenario scenario, Cell cell) {
        List<Filesystem> out = new ArrayList<>();
        for (Device d : scenario.devices().values()) {
            Filesystem fs = d.formattable() ? StepCommand.filesystem(scenario, d, cell) : null;
            if (fs != null && !d.name().equals(Scenario.SOURCE)) {
                out.add(fs);
            }
        }
        return out;
    }
}
