package org.fsflow.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether user-mode Linux runs on this host at all: a boot of an empty job (the same initramfs,
 * {@code /init} and agent as every guest) that must reach the job's end marker. Some hosts start
 * the user-mode kernel and then lose its first process (seen on a host whose CPU has AVX-512
 * state: "userspace - ptrace set fp regs failed, errno = 14", then "Attempted to kill init!",
 * exit 134). The verdict is kept per host boot, like the KVM probe's ({@link Accelerators}); a run
 * that asked for user-mode Linux ({@code FSFLOW_VM_ACCEL=uml}) where it cannot run boots its
 * guests under QEMU instead and says why.
 */
public final class UmlProbe {

    /** How long the probe may take: it boots in about 3 s on the machines measured (reference/uml.md). */
    static final Duration DEADLINE = Duration.ofSeconds(60);

    private static final String RUNS = "runs";
    private static final String FAILS = "fails\t";
    // the kernel's own words for a guest that could not start its processes
    private static final Pattern TELLING =
            Pattern.compile("(?i)failed|error|panic|kill init|segfault|not supported|cannot|unable");

    private UmlProbe() {}

    /**
     * The probe's verdict.
     *
     * @param runs  true when the empty job ran to its end marker
     * @param cause why not, from what the guest printed (null when it runs)
     */
    public record Verdict(boolean runs, String cause) {}

    /**
     * The verdict kept since this host's boot under {@code cache} for this host's user-mode kernel,
     * or null when none was made (or none is installed).
     */
    public static Verdict cached(Path cache) {
        try {
            return cached(cache, Uml.kernel());
        } catch (VmException e) {
            return null; // not installed: nothing to probe
        }
    }

    /** The verdict kept since this host's boot under {@code cache} for user-mode kernel {@code uml}, or null. */
    static Verdict cached(Path cache, BootKernel uml) {
        try {
            String kept =
                    Files.readString(file(cache, uml), StandardCharsets.UTF_8).strip();
            if (kept.equals(RUNS)) {
                return new Verdict(true, null);
            }
            if (kept.startsWith(FAILS.strip())) {
                return new Verdict(false, kept.substring(FAILS.length() - 1).strip());
            }
        } catch (IOException e) {
            // not probed yet since this boot
        }
        return null;
    }

    /**
     * The verdict kept since this host's boot, or a new one from a boot of at most {@link #DEADLINE}
     * (kept under {@code cache}); a {@link VmException} when user-mode Linux is not installed.
     */
    public static Verdict verdict(Path cache) {
        BootKernel uml = Uml.kernel();
        Verdict kept = cached(cache, uml);
        if (kept != null) {
            return kept;
        }
        try (CacheLock held = CacheLock.hold(cache)) {
            kept = cached(cache, uml); // another process may have probed while this one waited
            return kept != null ? kept : made(cache, uml);
        }
    }

    private static Verdict made(Path cache, BootKernel uml) {
        Verdict made = probe(cache, uml);
        try {
            Files.createDirectories(cache);
            Path tmp = Files.createTempFile(cache, "uml-probe", ".tmp");
            Files.writeString(tmp, (made.runs() ? RUNS : FAILS + made.cause()) + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file(cache, uml), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // probed again by the next run
        }
        return made;
    }

    /**
     * True when user-mode Linux boots on this host or is not installed (the caller's own check then
     * names the package); else its probe's cause goes to {@code info}, as {@link Accelerators#fallback}.
     */
    static boolean runsOrSays(Path cache, java.util.function.Consumer<String> info) {
        try {
            Verdict v = verdict(cache);
            if (!v.runs()) {
                info.accept(Accelerators.fallback(v));
            }
            return v.runs();
        } catch (VmException e) {
            return true;
        }
    }

    private static Verdict probe(Path cache, BootKernel uml) {
        Path initrd = new Initramfs(cache)
                .build(uml, List.of(), GuestTools.of(List.of()), GuestScript.init()); // no module: /init alone
        Path work = cache.resolve("uml-probe");
        String name = "fsflow-uml-probe";
        try {
            Files.createDirectories(work);
            Path job = work.resolve(name + ".job");
            Files.writeString(job, GuestJob.of(List.of(), List.of(), List.of()), StandardCharsets.UTF_8);
            Path boot = work.resolve(name + ".initrd");
            Uml.withJob(initrd, job, boot);
            Qemu.Config c = new Qemu.Config(
                    name, uml, boot, job, List.of(), Accel.UML, 1, 256, DEADLINE, work.resolve(name + ".pid"));
            GuestProtocol protocol = new GuestProtocol(List.of(), r -> {});
            List<String> console = new ArrayList<>();
            long[] started = {0};
            Qemu.Exit exit = new Qemu()
                    .run(
                            Uml.argv(c, boot),
                            DEADLINE,
                            line -> {
                                protocol.line(line);
                                console.add(line);
                            },
                            pid -> started[0] = pid,
                            pid -> Uml.killGroup(pid, name));
            Uml.killGroup(started[0], name);
            return judge(protocol.endStatus() != null, exit, console);
        } catch (IOException e) {
            throw new VmException("cannot write the user-mode Linux probe under " + work + ": " + e.getMessage());
        } finally {
            try {
                KernelStore.deleteTree(work);
            } catch (IOException e) {
                // harmless: the next probe replaces it
            }
        }
    }

    /**
     * The verdict on a probe's boot: it runs when the job's end marker came; else the cause is the
     * guest's telling lines (at most three, in order), or its last line, with its exit.
     */
    static Verdict judge(boolean ended, Qemu.Exit exit, List<String> console) {
        if (ended) {
            return new Verdict(true, null);
        }
        List<String> telling = console.stream()
                .map(String::strip)
                .filter(l -> !l.isEmpty()
                        && !l.startsWith(GuestProtocol.TAG)
                        && TELLING.matcher(l).find())
                .distinct()
                .limit(3)
                .toList();
        List<String> said = new ArrayList<>(telling);
        if (said.isEmpty()) {
            console.stream()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty())
                    .reduce((a, b) -> b)
                    .ifPresentOrElse(said::add, () -> said.add("nothing on its console"));
        }
        String how = exit.killedAtLimit() ? "no end within " + DEADLINE.toSeconds() + " s" : "exit " + exit.exitCode();
        String cause = String.join("; ", said) + " (" + how + ")";
        return new Verdict(false, cause.length() > 300 ? cause.substring(0, 300) + "..." : cause);
    }

    // one verdict per host boot and user-mode kernel (FSFLOW_UML may name another build)
    static Path file(Path cache, BootKernel uml) {
        return cache.resolve("uml-" + Accelerators.bootId().toLowerCase(Locale.ROOT) + "-"
                + uml.sha256().substring(0, 12));
    }
}
