package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The built-in filesystem types, in one table: what {@code type:} may name, what fsflow runs to
 * create and mount each, the kernel module it needs and the Debian package that provides its mkfs.
 * The validator, the plan, the capability check, the schema test and docs/scenarios.md read this table.
 * The force flags make mkfs work unattended on a device that held another filesystem; the user's
 * {@code mkfs_options} come after them, before the device.
 *
 * @param type         the type, as the kernel names it in /proc/filesystems
 * @param mkfsProgram  the mkfs program (null for tmpfs, which needs none)
 * @param forceFlags   the default mkfs options: flags that keep mkfs from asking questions
 * @param kernelModule the name in /proc/filesystems and of the module that provides it
 * @param packageName  the Debian package that provides mkfs, for "install X" hints (null for tmpfs)
 */
public record FilesystemType(
        String type, String mkfsProgram, List<String> forceFlags, String kernelModule, String packageName) {

    /** Every built-in type, in the order docs/scenarios.md lists them. */
    public static final List<FilesystemType> ALL = List.of(
            new FilesystemType("ext2", "mkfs.ext2", List.of("-F", "-q"), "ext2", "e2fsprogs"),
            new FilesystemType("ext3", "mkfs.ext3", List.of("-F", "-q"), "ext3", "e2fsprogs"),
            new FilesystemType("ext4", "mkfs.ext4", List.of("-F", "-q"), "ext4", "e2fsprogs"),
            new FilesystemType("xfs", "mkfs.xfs", List.of("-f", "-q"), "xfs", "xfsprogs"),
            new FilesystemType("btrfs", "mkfs.btrfs", List.of("-f", "-q"), "btrfs", "btrfs-progs"),
            new FilesystemType("f2fs", "mkfs.f2fs", List.of("-f", "-q"), "f2fs", "f2fs-tools"),
            new FilesystemType("jfs", "mkfs.jfs", List.of("-q"), "jfs", "jfsutils"),
            new FilesystemType("reiserfs", "mkfs.reiserfs", List.of("-f", "-q"), "reiserfs", "reiserfsprogs"),
            new FilesystemType("vfat", "mkfs.vfat", List.of(), "vfat", "dosfstools"),
            new FilesystemType("tmpfs", null, List.of(), "tmpfs", null));

    private static final Map<String, FilesystemType> BY_TYPE =
            ALL.stream().collect(Collectors.toUnmodifiableMap(FilesystemType::type, Function.identity()));

    /** The names {@code type:} accepts, in table order. */
    public static final List<String> NAMES =
            ALL.stream().map(FilesystemType::type).toList();

    /** The built-in type {@code type}, or null. */
    public static FilesystemType of(String type) {
        return BY_TYPE.get(type);
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
