package org.fsflow.vm;

import java.nio.file.Path;

/**
 * A kernel ready to boot: its image, its modules directory and where it came from, recorded with
 * every result of a cell that ran under it.
 *
 * @param name    the scenario's name for it ({@code debian-6.1})
 * @param image   the vmlinuz / bzImage file
 * @param direct  the same kernel uncompressed, which QEMU boots through its PVH entry ({@link
 *                DirectBoot}), or null: QEMU boots {@code image}
 * @param modules the modules directory ({@code .../lib/modules/RELEASE})
 * @param release the kernel release ({@code 6.1.0-57-amd64})
 * @param version the package version ({@code 6.1.192-3}), or the release for a local image
 * @param sha256  SHA-256 of the .deb (checked against apt's), or of the local image
 * @param origin  how it was obtained, for reports ({@code debian linux-image-6.1.0-57-amd64 6.1.192-3})
 */
public record BootKernel(
        String name,
        Path image,
        Path direct,
        Path modules,
        String release,
        String version,
        String sha256,
        String origin) {

    /** A kernel that QEMU boots from its image. */
    public BootKernel(
            String name, Path image, Path modules, String release, String version, String sha256, String origin) {
        this(name, image, null, modules, release, version, sha256, origin);
    }

    /** The file QEMU's {@code -kernel} loads. */
    public Path boot() {
        return direct != null ? direct : image;
    }
}
