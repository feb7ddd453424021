package org.fsflow.vm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.fsflow.place.Resource;

/**
 * A guest machine without KVM or emulation: Debian's user-mode Linux kernel ({@code linux.uml},
 * package {@code user-mode-linux}), a Linux kernel that runs as a process of the host (one CPU;
 * reiserfs, jfs, xfs, ext4 and btrfs built in). It boots the same initramfs as a QEMU guest (the
 * same busybox, host tools and agent), with the job appended to it as a second cpio archive (the
 * guest sees no file of the host: its root is the initramfs, its disks are {@code ubd} images,
 * {@code /dev/ubda} ...). Its console is its standard output. Its {@code ubd} disks go through the
 * host's page cache (there is no direct-I/O option), unlike QEMU's {@code cache=none}.
 */
final class Uml {

    /** The Debian package that has it. */
    static final String PACKAGE = "user-mode-linux";
    /** The kernel, a host program: Debian's, unless {@code FSFLOW_UML} names another build. */
    static final Path BINARY = Path.of("/usr/bin/linux.uml");
    /** Where the package keeps its modules, one directory per release. */
    static final Path MODULES = Path.of("/usr/lib/uml/modules");

    private Uml() {}

    /** The user-mode kernel to boot: {@code FSFLOW_UML} when set (a build of one's own), else Debian's. */
    static Path binary() {
        String own = System.getenv("FSFLOW_UML");
        return own == null || own.isBlank() ? BINARY : Path.of(own.strip());
    }

    /** The user-mode kernel of this host, or a {@link VmException} that says how to install it. */
    static BootKernel kernel() {
        Path binary = binary();
        if (!Files.isExecutable(binary)) {
            throw new VmException(binary + " not found: "
                    + (binary.equals(BINARY) ? "apt-get install " + PACKAGE : "correct FSFLOW_UML"));
        }
        HostCommand v = HostCommand.run(30, binary.toString(), "--version");
        String release = v.out().strip();
        if (!v.ok() || release.isEmpty() || release.contains(" ")) {
            throw new VmException(binary + " --version did not give its release: " + v.lastLine());
        }
        if (!binary.equals(BINARY)) {
            return new BootKernel(
                    "uml", binary, MODULES.resolve(release), release, release, sha256(binary), "FSFLOW_UML=" + binary);
        }
        HostCommand pkg = HostCommand.run(30, "dpkg-query", "-W", "-f", "${Version}", PACKAGE);
        String version = pkg.ok() ? pkg.out().strip() : release;
        return new BootKernel(
                "uml",
                binary,
                MODULES.resolve(release),
                release,
                version,
                sha256(binary),
                "debian " + PACKAGE + " " + version + " (" + binary + ")");
    }

    /**
     * Why user-mode kernel {@code uml} cannot stand in for the scenario's {@code kernel} in a cell
     * that needs {@code modules} (filesystems), or null: it stands in only for a kernel of its own
     * series ({@code 6.1}), never for another version (a kernel comparison would compare it with
     * itself), and it must have every filesystem, built in or as a module.
     */
    static String cannotStandIn(BootKernel kernel, BootKernel uml, List<String> modules) {
        if (!series(kernel.release()).equals(series(uml.release()))) {
            return "FSFLOW_VM_ACCEL=uml: user-mode Linux " + uml.release() + " stands in only for a "
                    + series(uml.release())
                    + " kernel, not for " + kernel.name() + " (" + kernel.release()
                    + "): unset FSFLOW_VM_ACCEL to boot "
                    + kernel.name() + " under QEMU";
        }
        KernelModules has = new KernelModules(uml);
        for (String m : modules) {
            if (!has.has(m)) {
                return "FSFLOW_VM_ACCEL=uml: user-mode Linux " + uml.release() + " has no " + m
                        + " (neither built in nor under " + uml.modules() + "): unset FSFLOW_VM_ACCEL";
            }
        }
        return null;
    }

    // 6.1.0-57-amd64 and 6.1.176 are both of series 6.1
    private static String series(String release) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("^(\\d+\\.\\d+)").matcher(release);
        return m.find() ? m.group(1) : release;
    }

    /**
     * The command line of {@code c} booting {@code initrd} (the initramfs with the job appended):
     * its disks as {@code ubd0d=}, {@code ubd1rd=} (read-only) ..., its RAM as {@code mem=}; its
     * {@code uml_dir} (the control socket and pid file) is the directory of the pid file.
     */
    static List<String> argv(Qemu.Config c, Path initrd) {
        List<String> a = Qemu.diesWithFsflow();
        a.addAll(List.of(
                c.kernel().image().toString(),
                "umid=" + c.name(),
                "uml_dir=" + c.pidFile().getParent(),
                "mem=" + c.memoryMiB() + "M",
                "initrd=" + initrd));
        for (int i = 0; i < c.disks().size(); i++) {
            Qemu.Disk d = c.disks().get(i);
            // d: the image is data, never taken for a copy-on-write file by its first bytes
            a.add("ubd" + i + (d.readOnly() ? "r" : "") + "d=" + d.image());
        }
        a.addAll(List.of("con0=fd:0,fd:1", "con=null", "ssl=null", "panic=-1", "quiet", "loglevel=1"));
        return a;
    }

    /** The registry entry that kills guest {@code name} (pid {@code pid}, its own process group) after a crash. */
    static Resource killer(long pid, String name, Path umlDir) {
        String script = groupKill(pid, name) + "; rm -rf '" + umlDir.resolve(name) + "'; true";
        return Resource.command(
                List.of("sh", "-c", script), Resource.UNIT, "the user-mode Linux guest " + name + " (pid " + pid + ")");
    }

    /**
     * Kills what is left of the guest whose kernel process was {@code pid}: user-mode Linux makes
     * itself a process-group leader, and its I/O helpers, separate processes, survive a kernel
     * killed by a signal (a time limit, Ctrl-C), holding its console open. Nothing happens when the
     * group is gone.
     */
    static void killGroup(long pid, String name) {
        if (pid > 0) {
            HostCommand.run(10, "sh", "-c", groupKill(pid, name));
        }
    }

    // kills group PID while a member is still guest NAME (never a group that reused the number)
    private static String groupKill(long pid, String name) {
        return "if pgrep -g " + pid + " -f -- 'umid=" + name + " ' >/dev/null; then kill -9 -" + pid + "; fi";
    }

    /** Removes guest {@code name}'s {@code uml_dir} entry under {@code work} (its control socket and pid file). */
    static void removeDir(Path work, String name) {
        try {
            KernelStore.deleteTree(work.resolve(name));
        } catch (IOException e) {
            // harmless: the next guest of this name replaces it
        }
    }

    /**
     * Writes {@code out}: {@code initramfs} followed by a cpio archive (newc) holding {@code job}
     * as {@code /fsflow-job}, where the guest's {@code /init} looks when it has no fw_cfg.
     */
    static void withJob(Path initramfs, Path job, Path out) {
        try (OutputStream o =
                Files.newOutputStream(out, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)) {
            long n = Files.copy(initramfs, o);
            o.write(new byte[(int) ((4 - n % 4) % 4)]); // the kernel reads the next archive at a 4-byte boundary
            byte[] data = Files.readAllBytes(job);
            entry(o, GuestScript.UML_JOB.substring(1), 0100644, data);
            entry(o, "TRAILER!!!", 0, new byte[0]);
        } catch (IOException e) {
            throw new VmException("cannot write " + out + ": " + e.getMessage());
        }
    }

    // one newc entry: a header of 13 hex fields, the name and its NUL padded to 4 bytes, the data padded to 4 bytes
    private static void entry(OutputStream o, String name, int mode, byte[] data) throws IOException {
        byte[] n = (name + "\0").getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder("070701");
        long[] fields = {1, mode, 0, 0, 1, 0, data.length, 0, 0, 0, 0, n.length, 0};
        for (long f : fields) {
            h.append(String.format(Locale.ROOT, "%08x", f));
        }
        o.write(h.toString().getBytes(StandardCharsets.US_ASCII));
        o.write(n);
        o.write(new byte[(4 - (110 + n.length) % 4) % 4]);
        o.write(data);
        o.write(new byte[(4 - data.length % 4) % 4]);
    }

    private static String sha256(Path file) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(Files.readAllBytes(file)));
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new VmException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
