package org.fsflow.scenario;

import java.nio.file.Path;
import org.fsflow.lang.Location;

/**
 * A named device under {@code devices:}, one of four kinds, each written as a one-key mapping:
 *
 * <pre>
 * devices:
 *   source: { loop: { size: 40G }, filesystem: ext4 }    # sparse image attached with losetup
 *   target: { block: /dev/sdb3, destroy: true }          # a real partition: destroy: true is required
 *   scratch: { dir: /srv/bench }                         # an existing directory: mkfs/mount are skipped
 *   ram: { tmpfs: { size: 2G } }                         # memory filesystem, the "no disk" baseline
 * </pre>
 *
 * By convention the matrix's filesystem axis formats the device named {@code target}, and
 * datasets live on the device named {@code source}.
 */
public sealed interface Device {

    /** The device's name: the key under {@code devices:}, used as {@code ${name.dev}} and {@code ${name.mnt}}. */
    String name();

    /** Where the device is declared. */
    Location where();

    /** {@code mount:} the mount point, or null to let fsflow choose one under its work directory. */
    Path mountPoint();

    /** {@code filesystem:} what a non-matrix device is formatted with (source: default ext4), or null. */
    String filesystem();

    /** True when the device has a block device node (so {@code ${name.dev}} exists). */
    default boolean hasDeviceNode() {
        return this instanceof Loop || this instanceof Block;
    }

    /** True when fsflow may run mkfs on it. */
    default boolean formattable() {
        return hasDeviceNode();
    }

    /**
     * {@code loop: { size: 40G, image: /var/tmp/x.img, direct_io: false }}: a sparse image file
     * attached with losetup. The image is created (and removed at teardown) unless it already
     * exists. An existing image is formatted only when fsflow made it (its ownership mark beside
     * it, {@code x.img.made-by-fsflow}) or the scenario confirms with {@code destroy: true} inside
     * {@code loop:}; never in a system directory ({@link SystemPaths}). Attached with direct I/O by default, so the host does not cache the image a second
     * time beneath the filesystem under test; where the backing filesystem refuses, attached
     * without and the reason recorded.
     *
     * @param sizeBytes {@code size:} apparent size of the image
     * @param image     {@code image:} path of the image file, or null for one under the work directory
     * @param destroy   {@code destroy:} the user's confirmation that an existing image may be formatted
     * @param directIo  {@code direct_io:} attach with {@code losetup --direct-io=on} (default true)
     */
    record Loop(
            String name,
            long sizeBytes,
            Path image,
            boolean destroy,
            boolean directIo,
            Path mountPoint,
            String filesystem,
            Location where)
            implements Device {}

    /**
     * {@code block: /dev/sdb3} with {@code destroy: true}: a real partition that fsflow formats.
     * Refused when mounted, used as swap, holding the root filesystem or having holders.
     *
     * @param path    the block device node
     * @param destroy {@code destroy:} the user's confirmation that its contents may be destroyed
     * @param precondition {@code precondition:} how to bring it to steady state before the first
     *                cell ({@link Precondition}), or null to leave it as it is
     */
    record Block(
            String name,
            Path path,
            boolean destroy,
            Precondition precondition,
            Path mountPoint,
            String filesystem,
            Location where)
            implements Device {}

    /**
     * {@code dir: /srv/bench}: an existing directory on whatever is mounted there. Steps that would
     * format or mount it are recorded as skipped.
     *
     * @param path the directory ({@code ${name.mnt}} is this path)
     */
    record Dir(String name, Path path, Location where) implements Device {
        @Override
        public Path mountPoint() {
            return path;
        }

        @Override
        public String filesystem() {
            return null;
        }
    }

    /**
     * {@code tmpfs: { size: 2G }}: a memory filesystem mounted by fsflow.
     *
     * @param sizeBytes {@code size:} the tmpfs size limit
     */
    record Tmpfs(String name, long sizeBytes, Path mountPoint, Location where) implements Device {
        @Override
        public String filesystem() {
            return "tmpfs";
        }
    }
}
