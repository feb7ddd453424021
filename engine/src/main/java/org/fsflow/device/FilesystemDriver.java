package org.fsflow.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What fsflow runs to create and mount each built-in filesystem type, in one visible table. The
 * force flags make mkfs work unattended on a device that held another filesystem; the user's
 * {@code mkfs_options} come after them, before the device.
 *
 * @param type        the filesystem type, as the kernel names it in /proc/filesystems
 * @param mkfsProgram the mkfs program (null for tmpfs, which needs none)
 * @param forceFlags  flags that keep mkfs from asking questions
 * @param kernelName  the name in /proc/filesystems (and of the module that provides it)
 * @param packageName the Debian package that provides mkfs, for "install X" hints
 */
public record FilesystemDriver(String type, String mkfsProgram, List<String> forceFlags, String kernelName,
        String packageName) {

    private static final Map<String, FilesystemDriver> BUILT_IN = Map.of(
            "ext2", new FilesystemDriver("ext2", "mkfs.ext2", List.of("-F", "-q"), "ext2", "e2fsprogs"),
            "ext3", new FilesystemDriver("ext3", "mkfs.ext3", List.of("-F", "-q"), "ext3", "e2fsprogs"),
            "ext4", new FilesystemDriver("ext4", "mkfs.ext4", List.of("-F", "-q"), "ext4", "e2fsprogs"),
            "xfs", new FilesystemDriver("xfs", "mkfs.xfs", List.of("-f", "-q"), "xfs", "xfsprogs"),
            "btrfs", new FilesystemDriver("btrfs", "mkfs.btrfs", List.of("-f", "-q"), "btrfs", "btrfs-progs"),
            "f2fs", new FilesystemDriver("f2fs", "mkfs.f2fs", List.of("-f", "-q"), "f2fs", "f2fs-tools"),
            "jfs", new FilesystemDriver("jfs", "mkfs.jfs", List.of("-q"), "jfs", "jfsutils"),
            "reiserfs", new FilesystemDriver("reiserfs", "mkfs.reiserfs", List.of("-f", "-q"), "reiserfs",
                    "reiserfsprogs"),
            "vfat", new FilesystemDriver("vfat", "mkfs.vfat", List.of(), "vfat", "dosfstools"),
            "tmpfs", new FilesystemDriver("tmpfs", null, List.of(), "tmpfs", null));

    /** The driver of a built-in type, or null. */
    public static FilesystemDriver of(String type) {
        return BUILT_IN.get(type);
    }

    /** The mkfs command line for {@code device}. */
    public List<String> mkfs(List<String> options, String device) {
        List<String> argv = new ArrayList<>();
        argv.add(mkfsProgram);
        argv.addAll(forceFlags);
        argv.addAll(options);
        argv.add(device);
        return argv;
    }

    /** The mount command line; tmpfs takes its size limit as an option. */
    public List<String> mount(List<String> options, String device, String mountPoint, long tmpfsBytes) {
        List<String> argv = new ArrayList<>(List.of("mount", "-t", type));
        List<String> opts = new ArrayList<>(options);
        if (type.equals("tmpfs") && tmpfsBytes > 0) {
            opts.add(0, "size=" + tmpfsBytes);
        }
        if (!opts.isEmpty()) {
            argv.add("-o");
            argv.add(String.join(",", opts));
        }
        argv.add(type.equals("tmpfs") ? "fsflow-tmpfs" : device);
        argv.add(mountPoint);
        return argv;
    }
}
