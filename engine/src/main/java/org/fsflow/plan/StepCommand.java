package org.fsflow.plan;

import java.util.List;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Defaults;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.Matrix;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The process a step runs: its {@code run:} command, or the command of a built-in action (from
 * the filesystem driver or the filesystem's custom lifecycle). Some actions do not apply to some
 * devices (mkfs on a dir device); they resolve to a skip with its reason.
 *
 * @param argv       the argument vector, or null when skipped
 * @param display    the command as shown in plans and recorded in results
 * @param skipReason why the step is skipped, or null
 */
public record StepCommand(List<String> argv, String display, String skipReason) {

    static StepCommand run(List<String> argv, String display) {
        return new StepCommand(argv, display, null);
    }

    static StepCommand skip(String display, String reason) {
        return new StepCommand(null, display, reason);
    }

    /** True when the step will not run, with {@link #skipReason()} saying why. */
    public boolean skipped() {
        return skipReason != null;
    }

    /** The command of {@code step} in the cell repetition of {@code b}. */
    public static StepCommand of(Step step, Bindings b) {
        if (step.run() != null) {
            List<String> argv = b.argv(step.run());
            return run(argv, Bindings.display(step.run(), argv));
        }
        Scenario s = b.scenario();
        Device device = s.devices().get(step.device());
        String mnt = b.layout().mountPoint(device).toString();
        String dev = b.value(device.name() + ".dev");
        String devShown = dev == null ? "${" + device.name() + ".dev}" : dev;
        return switch (step.action()) {
            case SYNC -> run(List.of("sync"), "sync");
            case DROP_CACHES -> {
                String text = "sync && echo 3 > /proc/sys/vm/drop_caches";
                yield run(List.of("sh", "-c", text), text);
            }
            case CAPACITY -> {
                String text = (dev == null && device.hasDeviceNode()
                                ? "blockdev --getsize64 " + devShown
                                : device.hasDeviceNode() ? "blockdev --getsize64 " + Shell.quote(dev) : "echo 0")
                        + " && stat -f -c '%S %b %f %a %c %d' " + Shell.quote(mnt);
                yield run(List.of("sh", "-c", text), text);
            }
            case MKFS -> mkfs(step, device, filesystem(s, device, b.cell()), b, devShown);
            case MOUNT -> mount(device, filesystem(s, device, b.cell()), b, devShown, mnt);
            case UMOUNT -> umount(device, filesystem(s, device, b.cell()), b, mnt);
        };
    }

    /** The filesystem a device is formatted with in {@code cell}: the matrix's for target, else its own. */
    public static Filesystem filesystem(Scenario s, Device device, Cell cell) {
        if (device.name().equals(Scenario.TARGET) && s.matrix().has(Matrix.FILESYSTEM) && cell != null) {
            return s.filesystems().get(cell.filesystem());
        }
        String name = device.filesystem() != null
                ? device.filesystem()
                : device.name().equals(Scenario.SOURCE) ? Defaults.SOURCE_FILESYSTEM : null;
        if (name == null) {
            return null;
        }
        Filesystem declared = s.filesystems().get(name);
        return declared != null
                ? declared
                : new Filesystem(name, name, List.of(), List.of(), null, null, device.where());
    }

    private static StepCommand mkfs(Step step, Device device, Filesystem fs, Bindings b, String dev) {
        if (device instanceof Device.Dir) {
            return skip("mkfs", "device '" + device.name() + "' is a directory: nothing to format");
        }
        if (device instanceof Device.Tmpfs || (fs != null && "tmpfs".equals(fs.type()) && fs.lifecycle() == null)) {
            return skip("mkfs", "tmpfs needs no mkfs");
        }
        if (fs.lifecycle() != null) {
            return lifecycle(fs.lifecycle().create(), b, "mkfs");
        }
        List<String> argv = FilesystemType.of(fs.type()).mkfs(fs.mkfsOptions(), dev);
        return run(argv, Shell.join(argv).replace(Shell.quote(dev), dev));
    }

    private static StepCommand mount(Device device, Filesystem fs, Bindings b, String dev, String mnt) {
        if (device instanceof Device.Dir) {
            return skip("mount", "device '" + device.name() + "' is a directory: nothing to mount");
        }
        if (fs.lifecycle() != null) {
            return lifecycle(fs.lifecycle().mount(), b, "mount");
        }
        long tmpfsBytes = device instanceof Device.Tmpfs t ? t.sizeBytes() : 0;
        FilesystemType driver = FilesystemType.of(device instanceof Device.Tmpfs ? "tmpfs" : fs.type());
        List<String> argv = driver.mount(fs.mountOptions(), dev, mnt, tmpfsBytes);
        return run(argv, Shell.join(argv).replace(Shell.quote(dev), dev));
    }

    private static StepCommand umount(Device device, Filesystem fs, Bindings b, String mnt) {
        if (device instanceof Device.Dir) {
            return skip("umount", "device '" + device.name() + "' is a directory: nothing to unmount");
        }
        if (fs != null && fs.lifecycle() != null && fs.lifecycle().umount() != null) {
            return lifecycle(fs.lifecycle().umount(), b, "umount");
        }
        return run(List.of("umount", mnt), "umount " + Shell.quote(mnt));
    }

    private static StepCommand lifecycle(Command command, Bindings b, String what) {
        if (command == null) {
            return skip(what, "the filesystem's lifecycle has no " + what + " command");
        }
        List<String> argv = b.argv(command);
        return run(argv, Bindings.display(command, argv));
    }
}
