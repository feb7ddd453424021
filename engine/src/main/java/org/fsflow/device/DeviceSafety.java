package org.fsflow.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The rules that keep fsflow from formatting a device it must not touch. Checked before anything
 * runs; the first rule that refuses is named in the message.
 */
public final class DeviceSafety {

    private DeviceSafety() {}

    /**
     * Why {@code device} must not be formatted, or null when it may be. Rules, in order: it is a
     * block device; it is not mounted; it is not swap; it does not hold the root filesystem (nor
     * is it the disk holding it); it has no holders (LVM, RAID, dm-crypt).
     */
    public static String refusal(Path device) {
        Path real = Mounts.real(device);
        if (!Files.exists(real)) {
            return device + " does not exist";
        }
        String name = real.getFileName().toString();
        Path sys = Path.of("/sys/class/block", name);
        if (!Files.exists(sys)) {
            return device + " is not a block device";
        }
        List<Mounts.Entry> mounted = Mounts.of(real);
        if (!mounted.isEmpty()) {
            return device + " is mounted on " + mounted.get(0).mountPoint() + ": unmount it first";
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/swaps"))) {
                String src = line.split("\\s+")[0];
                if (src.startsWith("/") && Mounts.real(Path.of(src)).equals(real)) {
                    return device + " is used as swap: swapoff it first";
                }
            }
        } catch (IOException e) {
            // no /proc/swaps: no swap
        }
        String root = rootDevice();
        if (root != null && (root.equals(name) || partitionsOf(name).contains(root))) {
            return device + " holds the root filesystem";
        }
        if (hasEntries(sys.resolve("holders"))) {
            return device + " has holders (LVM, RAID or dm): it is in use by "
                    + String.join(", ", list(sys.resolve("holders")));
        }
        for (String part : partitionsOf(name)) {
            if (!Mounts.of(Path.of("/dev", part)).isEmpty()) {
                return device + " has a mounted partition /dev/" + part;
            }
        }
        return null;
    }

    private static String rootDevice() {
        for (Mounts.Entry e : Mounts.all()) {
            if (e.mountPoint().equals(Path.of("/")) && e.source().startsWith("/dev/")) {
                return Mounts.real(Path.of(e.source())).getFileName().toString();
            }
        }
        return null;
    }

    private static List<String> partitionsOf(String disk) {
        Path dir = Path.of("/sys/class/block", disk);
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(disk) && !n.equals(disk))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean hasEntries(Path dir) {
        return !list(dir).isEmpty();
    }

    private static List<String> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
