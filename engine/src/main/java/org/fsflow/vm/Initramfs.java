package org.fsflow.vm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Builds the guest's initramfs (a gzip'ed newc cpio): busybox-static under {@code /bb}, the host
 * tools the cell's steps call at the paths they have on the host with the libraries {@code ldd}
 * lists, {@code /etc/mke2fs.conf}, the kernel modules in insertion order, the guest agent
 * ({@link GuestAgent}) and the generated {@code /init}. The result is cached by its inputs, so a campaign builds it once per cell kind.
 */
public final class Initramfs {

    /** Where the static busybox comes from (Debian's busybox-static). */
    static final Path BUSYBOX = Path.of("/bin/busybox");

    private final Path cache;

    /** A builder that keeps its images under {@code cache}. */
    public Initramfs(Path cache) {
        this.cache = cache;
    }

    /**
     * The initramfs for {@code kernel} with {@code modules} (already in insertion order) and
     * {@code tools} (host paths), booting into {@code init}.
     */
    public Path build(BootKernel kernel, List<Path> modules, List<Path> tools, String init) {
        if (!Files.isExecutable(BUSYBOX)) {
            throw new VmException(BUSYBOX + " not found: apt-get install busybox-static");
        }
        String key = key(kernel, modules, tools, init);
        Path out = cache.resolve("initramfs-" + key + ".cpio.gz");
        if (Files.exists(out)) {
            return out;
        }
        try (CacheLock held = CacheLock.hold(cache)) {
            return Files.exists(out) ? out : build(key, out, kernel, modules, tools, init); // built meanwhile?
        }
    }

    private Path build(String key, Path out, BootKernel kernel, List<Path> modules, List<Path> tools, String init) {
        Path stage = cache.resolve("initramfs-" + key + ".stage");
        try {
            KernelStore.deleteTree(stage);
            Files.createDirectories(stage.resolve("bb"));
            for (String top : List.of("bin", "sbin", "lib", "lib64")) {
                Path host = Path.of("/", top);
                if (Files.isSymbolicLink(host)) {
                    Files.createSymbolicLink(stage.resolve(top), Files.readSymbolicLink(host));
                }
            }
            copy(BUSYBOX, stage.resolve("bb/busybox"));
            for (Path tool : tools) {
                copyTool(tool, stage);
            }
            Path etc = Files.createDirectories(stage.resolve("etc"));
            if (Files.exists(Path.of("/etc/mke2fs.conf"))) {
                copy(Path.of("/etc/mke2fs.conf"), etc.resolve("mke2fs.conf"));
            }
            Files.writeString(etc.resolve("passwd"), "root:x:0:0:root:/root:/bin/sh\n");
            Files.writeString(etc.resolve("group"), "root:x:0:\n");
            Files.createSymbolicLink(etc.resolve("mtab"), Path.of("/proc/self/mounts"));
            Files.writeString(etc.resolve("fsflow-modules"), moduleList(kernel, modules, stage));
            Path agent = stage.resolve(GuestAgent.PATH.substring(1));
            Files.createDirectories(agent.getParent());
            Files.writeString(agent, GuestAgent.script(), StandardCharsets.UTF_8);
            Path initFile = stage.resolve("init");
            Files.writeString(initFile, init, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(initFile, PosixFilePermissions.fromString("rwxr-xr-x"));
            pack(stage, out);
        } catch (IOException e) {
            throw new VmException("cannot build the initramfs under " + cache + ": " + e.getMessage());
        } finally {
            try {
                KernelStore.deleteTree(stage);
            } catch (IOException e) {
                // the next build removes it
            }
        }
        return out;
    }

    private static String moduleList(BootKernel kernel, List<Path> modules, Path stage) throws IOException {
        Path dir = Files.createDirectories(stage.resolve("lib/modules").resolve(kernel.release()));
        StringBuilder list = new StringBuilder();
        for (Path m : modules) {
            String file = KernelModules.name(m) + ".ko";
            String name = m.getFileName().toString();
            String tool =
                    name.endsWith(".xz") ? "xz" : name.endsWith(".zst") ? "zstd" : name.endsWith(".gz") ? "gzip" : null;
            if (tool == null) {
                copy(m, dir.resolve(file));
            } else {
                HostCommand d = HostCommand.run(
                        null,
                        120,
                        List.of(
                                "sh",
                                "-c",
                                tool + " -dc \"$0\" > \"$1\"",
                                m.toString(),
                                dir.resolve(file).toString()));
                if (!d.ok()) {
                    throw new VmException(
                            "cannot decompress " + m + ": " + d.lastLine() + " (apt-get install " + tool + ")");
                }
            }
            list.append("/lib/modules/")
                    .append(kernel.release())
                    .append('/')
                    .append(file)
                    .append('\n');
        }
        return list.toString();
    }

    /** Copies a host program (and what its symlinks point to) and the libraries ldd lists. */
    private static void copyTool(Path tool, Path stage) throws IOException {
        copyFollowingLinks(tool, stage);
        HostCommand ldd = HostCommand.run(60, "ldd", tool.toRealPath().toString());
        if (!ldd.ok()) {
            return; // static, or not an ELF program (a script): nothing to add
        }
        for (Path lib : org.fsflow.place.Ldd.libraries(ldd.out())) {
            copyFollowingLinks(lib, stage);
        }
    }

    // a symlink is kept as a link (mkfs.ext3 -> mke2fs decides by its name), its target copied too
    private static void copyFollowingLinks(Path host, Path stage) throws IOException {
        Path canonical = host.getParent().toRealPath().resolve(host.getFileName());
        Path inStage = stage.resolve(canonical.toString().substring(1));
        if (Files.exists(inStage, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.createDirectories(inStage.getParent());
        if (Files.isSymbolicLink(canonical)) {
            Path target = Files.readSymbolicLink(canonical);
            Files.createSymbolicLink(inStage, target);
            copyFollowingLinks(canonical.getParent().resolve(target).normalize(), stage);
        } else {
            copy(canonical, inStage);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void pack(Path stage, Path out) {
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        HostCommand r = HostCommand.run(
                stage,
                300,
                List.of(
                        "sh",
                        "-c",
                        "find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -1 > \"$0\"",
                        tmp.toString()));
        if (!r.ok()) {
            throw new VmException("cannot pack the initramfs: " + r.lastLine() + " (apt-get install cpio gzip)");
        }
        try {
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String key(BootKernel kernel, List<Path> modules, List<Path> tools, String init) {
        List<String> parts = new ArrayList<>(
                List.of(kernel.release(), kernel.version(), kernel.sha256(), init, GuestAgent.script()));
        modules.forEach(m -> parts.add(m.toString()));
        for (Path t : tools) {
            parts.add(t.toString());
            try {
                parts.add(Files.getLastModifiedTime(t.toRealPath()).toString());
            } catch (IOException e) {
                parts.add("?");
            }
        }
        try {
            var md = java.security.MessageDigest.getInstance("SHA-256");
            return HexFormat.of()
                    .formatHex(md.digest(String.join("\n", parts).getBytes(StandardCharsets.UTF_8)))
                    .substring(0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
