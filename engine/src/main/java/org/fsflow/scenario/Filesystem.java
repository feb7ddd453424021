package org.fsflow.scenario;

import java.util.List;
import org.fsflow.lang.Location;

/**
 * A filesystem under {@code filesystems:}, referenced by the matrix's {@code filesystem} axis.
 *
 * <pre>
 * filesystems:
 *   ext3: {}                                   # built-in driver, default options
 *   xfs: { mkfs_options: [-f], mount_options: [noatime] }
 *   xfs-nobarrier: { type: xfs, mount_options: [nobarrier] }
 *   zfs: { lifecycle: { ... } }                # custom create/mount/umount/destroy commands
 *   reiserfs: { kernel: debian-6.1 }           # its cells run in a VM under that kernel
 * </pre>
 *
 * @param name         the key: what the matrix and reports call it
 * @param type         {@code type:} the built-in driver (one of {@link FilesystemType#NAMES}), defaults
 *                     to the name; ignored with a lifecycle
 * @param mkfsOptions  {@code mkfs_options:} extra arguments for mkfs, before the device
 * @param mountOptions {@code mount_options:} joined with commas into {@code mount -o}
 * @param lifecycle    {@code lifecycle:} custom commands instead of a built-in driver, or null
 * @param kernel       {@code kernel:} the kernel its cells run under (a name under {@code kernels:}),
 *                     or null for the host's; a {@code kernel} matrix axis overrides it
 * @param where        where it is declared
 */
public record Filesystem(
        String name,
        String type,
        List<String> mkfsOptions,
        List<String> mountOptions,
        Lifecycle lifecycle,
        String kernel,
        Location where) {

    /**
     * Commands that replace the built-in driver, for filesystems such as ZFS through zfs-fuse:
     *
     * <pre>
     * lifecycle:
     *   requires: [zpool, zfs]                     # tools checked before the cell runs
     *   kernel: fuse                               # filesystem the kernel must know
     *   service: { start: zfs-fuse, stop: ..., check: pgrep -x zfs-fuse }
     *   create: zpool create -f -m none fsflow ${target.dev}     # the mkfs step
     *   mount: zfs set mountpoint=${target.mnt} fsflow            # the mount step
     *   umount: zfs umount -a                                     # the umount step
     *   destroy: zpool destroy fsflow                             # teardown after create
     * </pre>
     *
     * @param requires programs that must be on PATH
     * @param kernel   a filesystem name that must appear in /proc/filesystems, or null
     * @param service  a daemon to start if not running (and stop afterwards), or null
     * @param create   run by the mkfs step
     * @param mount    run by the mount step, or null
     * @param umount   run by the umount step, or null
     * @param destroy  run at teardown after a successful create, or null
     */
    public record Lifecycle(
            List<String> requires,
            String kernel,
            Service service,
            Command create,
            Command mount,
            Command umount,
            Command destroy) {}

    /**
     * A daemon a lifecycle needs.
     *
     * @param start starts it (fsflow waits for {@code check} to succeed afterwards)
     * @param stop  stops it, run at teardown only if fsflow started it
     * @param check succeeds when it is running
     */
    public record Service(Command start, Command stop, Command check) {}
}
