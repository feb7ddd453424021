package org.fsflow.vm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Chooses KVM or TCG for this host: KVM only when a short boot probe under it reaches the guest's
 * /init and powers off within its deadline (a nested or paravirtual /dev/kvm can exist and still
 * boot a stock kernel a hundred times slower), else TCG. The verdict is kept per host boot.
 * {@code FSFLOW_VM_ACCEL=kvm|tcg} decides without a probe.
 */
public final class Accelerators {

    /** How long the KVM probe may take: a native boot to /init takes one to three seconds. */
    static final Duration PROBE_DEADLINE = Duration.ofSeconds(20);

    private Accelerators() {}

    /** The accelerator to use, probing with {@code kernel} and {@code initrd} if needed. */
    public static Accel choose(Path cache, BootKernel kernel, Path initrd) {
        Accel forced = forced();
        if (forced != null) {
            return forced == Accel.UML ? Accel.TCG : forced; // a QEMU guest (crash cells): the nearest is TCG
        }
        Path kvm = Path.of("/dev/kvm");
        if (!Files.isReadable(kvm) || !Files.isWritable(kvm)) {
            return Accel.TCG;
        }
        Path verdict = cache.resolve("accel-" + bootId());
        try {
            if (Files.exists(verdict)) {
                return Accel.valueOf(Files.readString(verdict).strip());
            }
            Accel chosen = probe(cache, kernel, initrd) ? Accel.KVM : Accel.TCG;
            Files.createDirectories(cache);
            Files.writeString(verdict, chosen.name() + "\n");
            return chosen;
        } catch (IOException e) {
            return Accel.TCG;
        }
    }

    /** What {@code FSFLOW_VM_ACCEL} (kvm, tcg or uml) forces, or null when it is unset. */
    public static Accel forced() {
        String forced = System.getenv("FSFLOW_VM_ACCEL");
        if (forced == null || forced.isBlank()) {
            return null;
        }
        try {
            return Accel.valueOf(forced.strip().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new VmException("FSFLOW_VM_ACCEL=" + forced.strip() + ": say kvm, tcg or uml");
        }
    }

    private static boolean probe(Path cache, BootKernel kernel, Path initrd) {
        GuestProtocol protocol = new GuestProtocol(List.of(), r -> {});
        Qemu.Config c = new Qemu.Config(
                "fsflow-kvm-probe",
                kernel,
                initrd,
                null,
                List.of(),
                Accel.KVM,
                1,
                256,
                PROBE_DEADLINE,
                cache.resolve("kvm-probe.pid"));
        Qemu.Exit exit = new Qemu().run(c, protocol::line, pid -> {});
        try {
            Files.deleteIfExists(c.pidFile());
        } catch (IOException e) {
            // harmless
        }
        return !exit.killedAtLimit() && protocol.endStatus() != null;
    }

    private static String bootId() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
