package org.fsflow.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How fsflow attaches a loop image: with direct I/O by default ({@code losetup --direct-io=on}),
 * so that the image is not cached a second time by the host's page cache beneath the filesystem
 * under test; the kernel's own view ({@code /sys/block/loopN/loop/dio}) says whether it took.
 */
public final class LoopDevice {

    /**
     * A loop device as attached.
     *
     * @param node     the device node, e.g. {@code /dev/loop3}
     * @param directIo whether the kernel does direct I/O to the image
     * @param note     why direct I/O is off (opted out, or the backing filesystem refused it), or null
     */
    public record Attached(String node, boolean directIo, String note) {}

    /** What is written when a scenario opts out with {@code direct_io: false}. */
    public static final String OPTED_OUT = "direct_io: false in the scenario";

    private LoopDevice() {}

    /** The losetup command that attaches {@code image} to the first free loop device and prints it. */
    public static List<String> attachCommand(Path image, boolean directIo) {
        List<String> argv = new ArrayList<>(List.of("losetup", "--find", "--show"));
        if (directIo) {
            argv.add("--direct-io=on");
        }
        argv.add(image.toString());
        return argv;
    }

    /** Whether the kernel does direct I/O on {@code node} ({@code /dev/loop3}), or null when it does not say. */
    public static Boolean directIo(String node) {
        return directIo(Path.of("/sys/block"), node);
    }

    static Boolean directIo(Path sysBlock, String node) {
        try {
            String v = Files.readString(
                            sysBlock.resolve(Path.of(node).getFileName().toString())
                                    .resolve("loop/dio"))
                    .strip();
            return v.equals("1");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The attached device's record: {@code requested} direct I/O, {@code refusal} the error of a
     * refused attempt (then attached without), and what the kernel reports for {@code node}.
     */
    public static Attached described(String node, boolean requested, String refusal, Boolean kernelSays) {
        boolean on = kernelSays != null ? kernelSays : requested && refusal == null;
        String note = !requested
                ? OPTED_OUT
                : refusal != null
                        ? "the backing filesystem refused direct I/O: " + refusal
                        : on ? null : "losetup accepted --direct-io=on but the kernel reports buffered I/O";
        return new Attached(node, on, note);
    }
}
