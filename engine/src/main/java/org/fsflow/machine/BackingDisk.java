package org.fsflow.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.place.Commands;
import org.fsflow.result.Baseline;

/**
 * What a disk is, from sysfs: the block device under a directory or a loop image, its model, size,
 * rotational flag and bus (virtio, NVMe, SCSI, ATA, USB, MMC, a loop device over a file), and what the
 * machine runs in ({@code systemd-detect-virt}).
 */
public final class BackingDisk {

    private BackingDisk() {}

    // the disk under a loop image or a directory: model, size, rotational
    public static Baseline.Identity of(Path dir) {
        Path p = dir;
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return Baseline.Identity.UNKNOWN;
        }
        Commands.Result r =
                Commands.run(List.of("findmnt", "-n", "-o", "SOURCE", "-T", p.toString()), Duration.ofSeconds(5));
        String source = r.out().strip();
        return source.startsWith("/dev/")
                ? block(org.fsflow.device.Mounts.realName(Path.of(source))).from(source)
                : Baseline.Identity.UNKNOWN.from(source);
    }

    /** The disk of the kernel's block device {@code name}, as sysfs describes it (no backing source). */
    public static Baseline.Identity block(String name) {
        Path sys = Path.of("/sys/class/block", name);
        // a partition's queue and model are on its disk
        Path disk =
                Files.exists(sys.resolve("partition")) ? sys.toAbsolutePath().getParent() : sys;
        try {
            disk = sys.toRealPath();
            if (Files.exists(disk.resolve("partition"))) {
                disk = disk.getParent();
            }
        } catch (IOException e) {
            // keep the class path
        }
        return new Baseline.Identity(
                null,
                name,
                readSys(disk.resolve("queue/rotational"))
                        .map(v -> v.equals("1"))
                        .orElse(null),
                readSys(disk.resolve("device/model")).orElse(null),
                readSys(sys.resolve("size")).map(v -> Long.parseLong(v) * 512).orElse(null),
                bus(disk, name));
    }

    private static java.util.Optional<String> readSys(Path p) {
        try {
            return java.util.Optional.of(Files.readString(p).strip()).filter(v -> !v.isEmpty());
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    // the bus from the device's path in sysfs: /sys/devices/.../virtio1/block/vda is a virtio disk
    private static String bus(Path disk, String name) {
        if (name.startsWith("loop")) {
            return readSys(Path.of("/sys/block", name, "loop/backing_file"))
                    .map(f -> "loop over " + f)
                    .orElse("loop");
        }
        String path = disk.toString();
        for (String[] b : new String[][] {
            {"/virtio", "virtio"},
            {"/nvme", "NVMe"},
            {"/usb", "USB"},
            {"/mmc", "MMC"},
            {"/ata", "ATA"},
            {"/target", "SCSI"},
            {"/xen", "Xen"}
        }) {
            if (path.contains(b[0])) {
                return b[1];
            }
        }
        return path.contains("/virtual/") ? "virtual (" + name + ")" : "unknown";
    }

    /** What the machine runs in: {@code vm} and {@code container}, as systemd-detect-virt names them ("none"). */
    public static Map<String, String> virtualization() {
        Map<String, String> m = new LinkedHashMap<>();
        boolean probe = org.fsflow.device.Capabilities.which("systemd-detect-virt") != null;
        for (String kind : List.of("vm", "container")) {
            String out = probe
                    ? Commands.run(List.of("systemd-detect-virt", "--" + kind), Duration.ofSeconds(5))
                            .out()
                            .strip()
                    : "";
            m.put(kind, !probe ? "unknown (no systemd-detect-virt)" : out.isEmpty() ? "none" : out);
        }
        return m;
    }
}
