package org.fsflow.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.device.DeviceSafety;
import org.fsflow.device.ImageMark;
import org.fsflow.device.LoopDevice;
import org.fsflow.device.Mounts;
import org.fsflow.place.Commands;
import org.fsflow.place.Resource;
import org.fsflow.place.Teardown;
import org.fsflow.plan.Layout;
import org.fsflow.plan.StepCommand;
import org.fsflow.safety.SafeDirectories;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * Brings each device to the state the steps expect: loop images created and attached, block
 * devices checked, and, for a device no step mounts (the source, a tmpfs), formatted and mounted.
 * Every resource is registered in the {@link Teardown} before it is created.
 */
public final class DeviceSetup {

    private final Scenario scenario;
    private final Layout layout;
    private final Teardown teardown;
    private final Map<String, String> nodes = new LinkedHashMap<>();
    private final Map<String, LoopDevice.Attached> loops = new LinkedHashMap<>();
    private final List<String> kept;
    private final java.util.Set<String> reused = new java.util.HashSet<>();
    private static final Duration ATTACH_TIME = Duration.ofMinutes(1);

    /**
     * Devices of {@code scenario}; {@code kept} are the datasets' images an interrupted run kept
     * ({@link Teardown#keptIn}): a {@code source} image among them is attached and mounted as it
     * is, not formatted, so its datasets can be checked and used again.
     */
    DeviceSetup(Scenario scenario, Layout layout, Teardown teardown, List<String> kept) {
        this.scenario = scenario;
        this.layout = layout;
        this.teardown = teardown;
        this.kept = List.copyOf(kept);
    }

    /** True when device {@code name} is an image an interrupted run kept, attached again as it was. */
    boolean reused(String name) {
        return reused.contains(name);
    }

    /** Device name to its node (/dev/loop3, /dev/sdb3), for the devices that have one. */
    Map<String, String> nodes() {
        return nodes;
    }

    /** Loop devices as attached, by device name: whether they do direct I/O, and why not. */
    Map<String, LoopDevice.Attached> loops() {
        return loops;
    }

    /** Kernel names (loop3, sdb3) of every device node: their I/O is counted for each step. */
    List<String> kernelNames() {
        return nodes.values().stream().map(n -> Mounts.realName(Path.of(n))).toList();
    }

    /** Refuses, before anything runs, a block device that must not be formatted. */
    public static void checkSafety(Scenario scenario) {
        for (Device d : scenario.devices().values()) {
            if (d instanceof Device.Block b) {
                String why = DeviceSafety.refusal(b.path());
                if (why != null) {
                    throw new RunFailure("refusing device '" + d.name() + "': " + why);
                }
            }
            if (d instanceof Device.Dir dir && !Files.isDirectory(dir.path())) {
                throw new RunFailure("device '" + d.name() + "': directory " + dir.path() + " does not exist");
            }
        }
    }

    /** Sets up {@code d}. */
    void setup(Device d) {
        Path mnt = layout.mountPoint(d);
        if (d instanceof Device.Loop loop) {
            nodes.put(d.name(), attach(loop));
        } else if (d instanceof Device.Block b) {
            nodes.put(d.name(), b.path().toString());
        }
        if (d instanceof Device.Dir) {
            return;
        }
        makeDir(mnt);
        boolean stepsMount = scenario.steps().stream()
                .anyMatch(s -> s.action() == Step.Action.MOUNT && s.device().equals(d.name()));
        Filesystem fs = StepCommand.filesystem(scenario, d, null);
        if (stepsMount || fs == null) {
            return;
        }
        requireRealDirectory(mnt, d);
        if (Mounts.isMountPoint(mnt)) {
            throw new RunFailure("mount point " + mnt + " of device '" + d.name() + "' is already in use: "
                    + "unmount it or choose another with mount:");
        }
        if (d instanceof Device.Tmpfs t) {
            teardown.register(Resource.mount(mnt.toString(), Resource.CAMPAIGN));
            check(FilesystemType.of("tmpfs").mount(List.of(), "", mnt.toString(), t.sizeBytes()), "mount tmpfs");
            return;
        }
        String dev = nodes.get(d.name());
        if (fs.lifecycle() == null) {
            FilesystemType driver = FilesystemType.of(fs.type());
            List<String> mount = driver.mount(fs.mountOptions(), dev, mnt.toString(), 0);
            teardown.register(Resource.mount(mnt.toString(), Resource.CAMPAIGN));
            if (reused.contains(d.name())) {
                if (Commands.run(mount, Duration.ofMinutes(30)).ok()) {
                    return;
                }
                reused.remove(d.name()); // no filesystem to mount (killed during its mkfs): made again
            }
            check(driver.mkfs(fs.mkfsOptions(), dev), "format device '" + d.name() + "'");
            check(mount, "mount device '" + d.name() + "'");
        }
    }

    private String attach(Device.Loop loop) {
        Path image = layout.image(loop).toAbsolutePath();
        // the source image holds the datasets: an interrupted run keeps it for resume
        boolean source = loop.name().equals(Scenario.SOURCE) && loop.image() == null;
        try {
            if (source && kept.contains(image.toString()) && Files.isRegularFile(image)) {
                teardown.register(Resource.datasetsImage(image.toString()));
                reused.add(loop.name());
            } else if (loop.image() == null || !Files.exists(image)) {
                makeDir(image.getParent());
                teardown.register(source ? Resource.datasetsImage(image.toString()) : Resource.image(image.toString()));
                Files.deleteIfExists(image);
                SafeFiles.createSparse(image, loop.sizeBytes());
                ImageMark.write(image, "fsflow, for device '" + loop.name() + "' of the run in " + layout.out());
            }
            // registered before attaching: a run killed right after losetup still gets it detached
            teardown.register(Resource.loop(null, image.toString()));
            Commands.Result r = Commands.run(LoopDevice.attachCommand(image, loop.directIo()), ATTACH_TIME);
            String refusal = null;
            if (!r.ok() && loop.directIo()) {
                // the backing filesystem may refuse O_DIRECT: attach buffered, and say so
                refusal = r.message();
                r = Commands.run(LoopDevice.attachCommand(image, false), ATTACH_TIME);
            }
            if (!r.ok()) {
                throw new RunFailure("cannot attach " + image + " as a loop device: " + r.message()
                        + " (fsflow needs root and the loop module)");
            }
            String node = r.out().strip();
            loops.put(loop.name(), LoopDevice.described(node, loop.directIo(), refusal, LoopDevice.directIo(node)));
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create image " + image, e);
        }
    }

    private void makeDir(Path dir) {
        if (Files.isDirectory(dir)) {
            return;
        }
        Path top = dir;
        while (top.getParent() != null && !Files.exists(top.getParent())) {
            top = top.getParent();
        }
        teardown.register(Resource.dir(top.toString()));
        if (!top.equals(dir)) {
            for (Path p = dir; !p.equals(top); p = p.getParent()) {
                teardown.register(Resource.dir(p.toString()));
            }
        }
        try {
            SafeDirectories.create(dir, "the directory", "Choose another work directory with --work.");
        } catch (SafeDirectories.Refused e) {
            throw new RunFailure(e.getMessage());
        }
    }

    // the parents are checked and root's, so only root could swap it: checked again all the same
    private static void requireRealDirectory(Path mnt, Device d) {
        try {
            SafeDirectories.requireRealDirectory(mnt, "the mount point of device '" + d.name() + "'");
        } catch (SafeDirectories.Refused e) {
            throw new RunFailure(e.getMessage());
        }
    }

    private static void check(List<String> argv, String what) {
        Commands.Result r = Commands.run(argv, Duration.ofMinutes(30));
        if (!r.ok()) {
            throw new RunFailure("cannot " + what + ": " + String.join(" ", argv) + ": " + r.message());
        }
    }
}
