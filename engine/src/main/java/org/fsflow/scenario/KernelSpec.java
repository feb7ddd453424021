package org.fsflow.scenario;

import java.nio.file.Path;
import org.fsflow.lang.Location;

/**
 * A kernel named under {@code kernels:}, under which a cell can run (in a throwaway VM when it is
 * not the host's own kernel):
 *
 * <pre>
 * kernels:
 *   debian-6.1: { debian: linux-image-6.1.0-57-amd64 }   # fetched with apt-get download, checked, cached
 *   mine: { image: /src/linux/arch/x86/boot/bzImage, modules: /src/linux/mod/lib/modules/6.12.0 }
 * </pre>
 *
 * {@code host} is always defined: the kernel fsflow runs on, and the default of every cell.
 */
public sealed interface KernelSpec {

    /** The name of the host's own kernel. */
    String HOST = "host";

    /** The name the scenario gives this kernel. */
    String name();

    /** Where it is declared. */
    Location where();

    /** True for the host's own kernel (cells run directly, no VM). */
    default boolean isHost() {
        return this instanceof Host;
    }

    /** The kernel fsflow runs on. */
    record Host(Location where) implements KernelSpec {
        @Override
        public String name() {
            return HOST;
        }
    }

    /**
     * A Debian kernel package, fetched with {@code apt-get download}, checked against the SHA-256
     * apt knows and unpacked privately (nothing is installed on the host).
     *
     * @param name        the key under {@code kernels:}
     * @param packageName the package, e.g. {@code linux-image-6.1.0-57-amd64}
     * @param where       where it is declared
     */
    record Debian(String name, String packageName, Location where) implements KernelSpec {}

    /**
     * A kernel image of one's own with its modules directory (as {@code make modules_install}
     * lays it out: the directory holding {@code modules.order}, or a root holding lib/modules/REL).
     *
     * @param name    the key under {@code kernels:}
     * @param image   the bzImage / vmlinuz file
     * @param modules the modules directory
     * @param where   where it is declared
     */
    record Image(String name, Path image, Path modules, Location where) implements KernelSpec {}
}
