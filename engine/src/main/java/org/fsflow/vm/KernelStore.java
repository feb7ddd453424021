package org.fsflow.vm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fsflow.safety.SafeDirectories;
import org.fsflow.scenario.KernelSpec;

/**
 * Turns a {@link KernelSpec} into a {@link BootKernel}. A Debian package is fetched once with
 * {@code apt-get download}, its .deb checked against the SHA-256 that apt knows, unpacked with
 * {@code dpkg-deb -x} into {@code ROOT/PACKAGE_VERSION/} (nothing installed on the host, its boot
 * untouched) and reused while apt's version stays the same; its kernel is also kept uncompressed,
 * for QEMU to boot without the guest decompressing it ({@link DirectBoot}). A local image is used
 * in place.
 */
public final class KernelStore {

    private static final String DONE = "fsflow-kernel.properties";
    private final Path root;

    /** A store that caches unpacked kernels under {@code root}. */
    public KernelStore(Path root) {
        this.root = root;
    }

    /** The cache directory. */
    public Path root() {
        return root;
    }

    /** The kernel of {@code spec}, fetched if needed; a problem is a {@link VmException} with its fix. */
    public BootKernel resolve(KernelSpec spec) {
        // root unpacks kernels here and boots them: nobody else may control this directory
        try {
            SafeDirectories.create(
                    root, "the kernel cache", "remove it, or set FSFLOW_KERNELS to a directory of root's");
        } catch (SafeDirectories.Refused e) {
            throw new VmException(e.getMessage());
        }
        if (spec instanceof KernelSpec.Debian d) {
            return debian(d);
        }
        if (spec instanceof KernelSpec.Image i) {
            return local(i);
        }
        throw new IllegalArgumentException("the host kernel does not boot in a VM");
    }

    private BootKernel debian(KernelSpec.Debian d) {
        Map<String, String> fields = aptFields(d.packageName());
        String version = fields.get("Version");
        String sha256 = fields.get("SHA256");
        if (version == null || sha256 == null) {
            throw new VmException("apt knows no version or SHA-256 of " + d.packageName() + ": run apt-get update");
        }
        String release = d.packageName().replaceFirst("^linux-image-", "").replaceFirst("-unsigned$", "");
        Path dir = root.resolve(d.packageName() + "_" + version);
        if (!Files.exists(dir.resolve(DONE))) {
            try (CacheLock held = CacheLock.hold(root)) {
                if (!Files.exists(dir.resolve(DONE))) { // another process may have unpacked it meanwhile
                    unpack(d.packageName(), version, sha256, dir);
                }
            }
        }
        Path modules = dir.resolve("lib/modules").resolve(release);
        Path image = dir.resolve("boot/vmlinuz-" + release);
        if (!Files.isRegularFile(image) || !Files.isDirectory(modules)) {
            throw new VmException(d.packageName() + " " + version + " holds no boot/vmlinuz-" + release
                    + " with lib/modules/" + release + ": name a linux-image-* kernel package");
        }
        return new BootKernel(
                d.name(),
                image,
                direct(dir, image, release),
                modules,
                release,
                version,
                sha256,
                "debian " + d.packageName() + " " + version);
    }

    /**
     * The uncompressed kernel beside a cached package's image ({@link DirectBoot}), made once; null
     * when it cannot be made, which a marker remembers so that it is not tried at every run.
     */
    private Path direct(Path dir, Path image, String release) {
        Path direct = dir.resolve("boot/vmlinux-" + release);
        Path none = dir.resolve("boot/vmlinux-" + release + ".none");
        if (Files.isRegularFile(direct) || Files.exists(none)) {
            return Files.isRegularFile(direct) ? direct : null;
        }
        try (CacheLock held = CacheLock.hold(root)) {
            if (DirectBoot.make(image, direct) != null) {
                return direct;
            }
            Files.writeString(none, "no PVH-bootable kernel could be made from " + image.getFileName() + "\n");
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Version and SHA256 of the candidate version of {@code pkg}, as {@code apt-cache show} gives them. */
    static Map<String, String> aptFields(String pkg) {
        HostCommand show = HostCommand.run(120, "apt-cache", "show", "--no-all-versions", pkg);
        if (show.exitCode() == 127) {
            throw new VmException("apt-cache not found: Debian kernel packages need apt (Debian or Ubuntu host)");
        }
        if (!show.ok() || show.out().isBlank()) {
            throw new VmException("no Debian package '" + pkg + "': run apt-get update, then pick one from "
                    + "apt-cache search linux-image-6.1");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : show.out().split("\n")) {
            if (line.isBlank()) {
                break;
            }
            int colon = line.indexOf(": ");
            if (colon > 0 && !line.startsWith(" ")) {
                fields.put(line.substring(0, colon), line.substring(colon + 2).strip());
            }
        }
        return fields;
    }

    private void unpack(String pkg, String version, String sha256, Path dir) {
        try {
            Path downloads = root.resolve("downloads");
            Files.createDirectories(downloads);
            HostCommand got = HostCommand.run(
                    downloads,
                    1800,
                    List.of("apt-get", "download", "-q", "-o", "APT::Sandbox::User=root", pkg + "=" + version));
            Path deb;
            try (Stream<Path> s = Files.list(downloads)) {
                deb = s.filter(p -> p.getFileName().toString().startsWith(pkg + "_")
                                && p.getFileName().toString().endsWith(".deb"))
                        .findFirst()
                        .orElse(null);
            }
            if (!got.ok() || deb == null) {
                throw new VmException("apt-get download " + pkg + "=" + version + " failed: " + got.lastLine()
                        + " (run apt-get update; the package must be reachable from this machine)");
            }
            String actual = sha256(deb);
            if (!actual.equals(sha256)) {
                Files.delete(deb);
                throw new VmException(deb.getFileName() + " has SHA-256 " + actual + ", apt expects " + sha256
                        + ": the download was damaged or the mirror is inconsistent; run apt-get update and retry");
            }
            Path tmp = root.resolve(dir.getFileName() + ".partial");
            deleteTree(tmp);
            HostCommand x = HostCommand.run(null, 1800, List.of("dpkg-deb", "-x", deb.toString(), tmp.toString()));
            if (!x.ok()) {
                throw new VmException("dpkg-deb -x " + deb + " failed: " + x.lastLine() + " (apt-get install dpkg)");
            }
            Files.writeString(
                    tmp.resolve(DONE), "package=" + pkg + "\nversion=" + version + "\nsha256=" + sha256 + "\n");
            deleteTree(dir);
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(deb);
        } catch (IOException e) {
            throw new VmException("cannot unpack " + pkg + " under " + root + ": " + e.getMessage());
        }
    }

    private static BootKernel local(KernelSpec.Image i) {
        if (!Files.isRegularFile(i.image())) {
            throw new VmException("kernel '" + i.name() + "': image " + i.image() + " does not exist");
        }
        Path modules = modulesDir(i.modules());
        if (modules == null) {
            throw new VmException("kernel '" + i.name() + "': " + i.modules() + " is not a modules directory (it "
                    + "should hold modules.order, or lib/modules/RELEASE as make modules_install writes it)");
        }
        String release = modules.getFileName().toString();
        return new BootKernel(i.name(), i.image(), modules, release, release, sha256(i.image()), "image " + i.image());
    }

    /** The directory holding modules.order: {@code dir} itself or its single lib/modules/RELEASE. */
    static Path modulesDir(Path dir) {
        if (Files.isRegularFile(dir.resolve("modules.order"))) {
            return dir;
        }
        Path base = dir.resolve("lib/modules");
        if (!Files.isDirectory(base)) {
            return null;
        }
        try (Stream<Path> s = Files.list(base)) {
            List<Path> releases = s.filter(p -> Files.isRegularFile(p.resolve("modules.order")))
                    .toList();
            return releases.size() == 1 ? releases.get(0) : null;
        } catch (IOException e) {
            return null;
        }
    }

    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
