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
 * {@code FSFLOW_VM_ACCEL=kvm|tcg} decides without a probe; {@code FSFLOW_VM_ACCEL=uml} asks for a
 * user-mode Linux guest instead ({@link Uml}), which no probe chooses: measured less faithful than
 * TCG (docs/places.md, "User-mode Linux: measured, not chosen").
 */
public final class Accelerators {

    /** How long the KVM probe may take: a native boot to /init takes one to three seconds. */
    static final Duration PROBE_DEADLINE = Duration.ofSeconds(20);

    private Accelerators() {}

    /**
     * What decides the accelerator on this host without booting anything, by the rule
     * {@link VmSession#accel} follows.
     *
     * @param accel the accelerator, or null when the run's boot probe will decide (KVM if it boots)
     * @param basis why, for a person
     */
    public record Verdict(Accel accel, String basis) {}

    /** The verdict a run would reach here before any probe; {@code cache} holds earlier probes' verdicts. */
    public static Verdict known(Path cache) {
        Accel forced = forced();
        return known(cache, forced, forced == Accel.UML ? UmlProbe.cached(cache) : null);
    }

    /**
     * The verdict a run would reach here before any probe when {@code forced} (null: nothing) is
     * what {@code FSFLOW_VM_ACCEL} asks for and {@code uml} the user-mode Linux probe's verdict since
     * this host's boot (null: none). User-mode Linux is kept unless that probe failed
     * ({@link UmlProbe}); where it failed, the guests run under QEMU, by the rule that holds without
     * the variable, and the basis says why.
     */
    static Verdict known(Path cache, Accel forced, UmlProbe.Verdict uml) {
        if (forced == Accel.UML) {
            if (uml == null) {
                return new Verdict(
                        Accel.UML,
                        "FSFLOW_VM_ACCEL=uml; user-mode Linux is not probed yet since this host's boot: the run's"
                                + " first guest probes it (a boot of at most " + UmlProbe.DEADLINE.toSeconds()
                                + " s) and runs under QEMU if it does not boot");
            }
            if (uml.runs()) {
                return new Verdict(
                        Accel.UML,
                        "FSFLOW_VM_ACCEL=uml; user-mode Linux booted in the probe made since this host's boot");
            }
            Verdict qemu = known(cache, null, null);
            return new Verdict(qemu.accel(), fallback(uml) + "; " + qemu.basis());
        }
        if (forced != null) {
            return new Verdict(forced, "FSFLOW_VM_ACCEL=" + forced.label());
        }
        Path kvm = Path.of("/dev/kvm");
        if (!Files.exists(kvm)) {
            return new Verdict(Accel.TCG, "this host has no /dev/kvm");
        }
        if (!Files.isReadable(kvm) || !Files.isWritable(kvm)) {
            return new Verdict(Accel.TCG, "/dev/kvm is not readable and writable by this user");
        }
        Path verdict = cache.resolve("accel-" + bootId());
        try {
            if (Files.exists(verdict)) {
                Accel a = Accel.valueOf(Files.readString(verdict).strip());
                return new Verdict(
                        a,
                        a == Accel.KVM
                                ? "a guest booted under KVM in the boot probe made since this host's boot"
                                : "KVM's boot probe, made since this host's boot, did not boot a guest within "
                                        + PROBE_DEADLINE.toSeconds() + " s (a nested or paravirtual /dev/kvm)");
            }
        } catch (IOException | IllegalArgumentException e) {
            // an unreadable verdict: probed again
        }
        return new Verdict(
                null,
                "/dev/kvm is usable and not probed yet since this host's boot: the run's first"
                        + " guest probes it (a boot of at most " + PROBE_DEADLINE.toSeconds()
                        + " s), KVM if it boots, else TCG");
    }

    /**
     * What a run says when it asked for user-mode Linux and its probe failed: the cause the guest
     * printed, and that its guests run under QEMU instead.
     */
    public static String fallback(UmlProbe.Verdict uml) {
        return "FSFLOW_VM_ACCEL=uml, but user-mode Linux cannot run on this host (its probe: " + uml.cause()
                + "): the guests run under QEMU instead";
    }

    /** The accelerator to use, probing with {@code kernel} and {@code initrd} if needed. */
    public static Accel choose(Path cache, BootKernel kernel, Path initrd) {
        Verdict known = known(cache);
        if (known.accel() != null) {
            return choose(known.accel()); // UML: a QEMU guest (crash cells), the nearest
        }
        try (CacheLock held = CacheLock.hold(cache)) {
            Verdict meanwhile = known(cache); // another process may have probed while this one waited
            return meanwhile.accel() != null ? choose(meanwhile.accel()) : probed(cache, kernel, initrd);
        }
    }

    private static Accel choose(Accel known) {
        return known == Accel.UML ? Accel.TCG : known;
    }

    private static Accel probed(Path cache, BootKernel kernel, Path initrd) {
        Path verdict = cache.resolve("accel-" + bootId());
        try {
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

    /** This host boot's id, which keeps the probes' verdicts apart from one boot to the next. */
    static String bootId() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
