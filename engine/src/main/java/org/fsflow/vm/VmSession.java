package org.fsflow.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs a list of steps in one throwaway guest: resolves the modules the guest needs, builds (or
 * reuses) the initramfs with the tools the steps call and the agent, writes the job (data, {@link GuestJob}), picks the accelerator,
 * boots QEMU with a hard limit and hands each step's result to the caller as the guest reports
 * it. The guest's disks are the caller's images; nothing is mounted or attached on the host.
 */
public final class VmSession {

    /** Time allowed for boot and power-off on top of the steps' own limits. */
    static final Duration BOOT_ALLOWANCE = Duration.ofSeconds(180);

    /**
     * What to run.
     *
     * @param name        the guest's name (for ps and teardown)
     * @param kernel      the kernel to boot
     * @param modules     modules the steps need (filesystems); the disk and fw_cfg ones are added
     * @param disks       the guest's disks, /dev/vda first
     * @param mounts      mounted before the first step (the source image)
     * @param directories created before the first step (mount points)
     * @param steps       the steps, in order
     * @param cpus        virtual CPUs
     * @param memoryMiB   the guest's RAM
     * @param work        where the job file and pid file go
     * @param accel       how the guest runs ({@link #accel(Path, BootKernel, Consumer)}); under {@link Accel#UML}
     *                    {@code kernel} is the user-mode kernel ({@link Uml#kernel()})
     */
    public record Request(
            String name,
            BootKernel kernel,
            List<String> modules,
            List<Qemu.Disk> disks,
            List<GuestMount> mounts,
            List<String> directories,
            List<GuestStep> steps,
            int cpus,
            int memoryMiB,
            Path work,
            Accel accel) {}

    /**
     * How the guest went.
     *
     * @param accel       the accelerator used
     * @param bootSeconds host seconds from QEMU's start to the guest's /init being ready, or null
     * @param wallSeconds host seconds from start to exit
     * @param problem     null when the job ran to its end marker; else why not (the guest died,
     *                    was killed at its limit, could not mount its source)
     * @param running     the step the guest was in when it died, or -1
     */
    public record Outcome(Accel accel, Double bootSeconds, double wallSeconds, String problem, int running) {}

    private final Path cache;
    private final Qemu qemu = new Qemu();
    private volatile Accel accel = Accel.TCG;

    /** A session whose initramfs images and accelerator verdict are cached under {@code cache}. */
    public VmSession(Path cache) {
        this.cache = cache;
    }

    /**
     * How guests of {@code kernel} run on this host: {@code FSFLOW_VM_ACCEL} (kvm, tcg or uml) when
     * set, else KVM when a boot probe under it succeeds, else TCG ({@link Accelerators}). User-mode
     * Linux is used only where its probe boots ({@link UmlProbe}); where it does not, the cause goes
     * to {@code info} and QEMU is chosen by the same rule as without the variable.
     */
    public static Accel accel(Path cache, BootKernel kernel, Consumer<String> info) {
        Accel forced = Accelerators.forced();
        if (forced == Accel.UML) {
            UmlProbe.Verdict uml = UmlProbe.verdict(cache);
            if (uml.runs()) {
                return Accel.UML;
            }
            info.accept(Accelerators.fallback(uml));
        } else if (forced != null) {
            return forced;
        }
        Path probe = new Initramfs(cache)
                .build(
                        kernel,
                        new KernelModules(kernel).inOrder(KernelModules.BASE),
                        GuestTools.of(List.of()),
                        GuestScript.init());
        return Accelerators.choose(cache, kernel, probe);
    }

    private GuestPhaseLines.Listener phases = (step, kind, seconds) -> {};

    /** Tells {@code l} of each unmeasured phase the guest reports around its steps. */
    public void onPhase(GuestPhaseLines.Listener l) {
        this.phases = l;
    }

    /** Boots, runs {@code r}'s steps, each result to {@code results}; the guest's pid to {@code onStart}. */
    public Outcome run(Request r, Consumer<GuestResult> results, LongConsumer onStart) {
        accel = r.accel();
        boolean uml = accel == Accel.UML;
        List<String> wanted = new ArrayList<>(uml ? List.of() : KernelModules.BASE);
        r.modules().stream().filter(m -> !wanted.contains(m)).forEach(wanted::add);
        List<Path> modules = new KernelModules(r.kernel()).inOrder(wanted);
        Path initrd = new Initramfs(cache).build(r.kernel(), modules, GuestTools.of(r.steps()), GuestScript.init());
        Path job = writeJob(r);
        Duration limit = limit(r.steps());
        Qemu.Config config = new Qemu.Config(
                r.name(),
                r.kernel(),
                initrd,
                job,
                r.disks(),
                accel,
                r.cpus(),
                r.memoryMiB(),
                limit,
                r.work().resolve(r.name() + ".pid"));
        Path bootImage = r.work().resolve(r.name() + ".initrd");
        if (uml) {
            Uml.withJob(initrd, job, bootImage);
        }
        GuestProtocol protocol = new GuestProtocol(r.steps(), results);
        protocol.onPhase(phases);
        long start = System.nanoTime();
        long[] readyAt = {0};
        long[] started = {0};
        Qemu.Exit exit = qemu.run(
                uml ? Uml.argv(config, bootImage) : Qemu.argv(config),
                limit,
                line -> {
                    protocol.line(line);
                    if (readyAt[0] == 0 && protocol.readySeconds() != null) {
                        readyAt[0] = System.nanoTime();
                    }
                },
                pid -> {
                    started[0] = pid;
                    onStart.accept(pid);
                },
                pid -> {
                    if (uml) {
                        Uml.killGroup(pid, r.name()); // its I/O helpers outlive a killed kernel and hold the console
                    }
                });
        deleteQuietly(job);
        deleteQuietly(config.pidFile());
        deleteQuietly(bootImage);
        if (uml) {
            Uml.killGroup(started[0], r.name());
            Uml.removeDir(r.work(), r.name());
        }
        Double boot = readyAt[0] == 0 ? null : (readyAt[0] - start) / 1e9;
        return new Outcome(accel, boot, exit.wallSeconds(), problem(protocol, exit, limit), protocol.running());
    }

    private static Path writeJob(Request r) {
        Path job = r.work().resolve(r.name() + ".job");
        try {
            Files.createDirectories(r.work());
            Files.writeString(job, GuestJob.of(r.mounts(), r.directories(), r.steps()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new VmException("cannot write " + job + ": " + e.getMessage());
        }
        return job;
    }

    // the guest's hard limit: boot and power-off, plus each step's own limit and some slack
    private static Duration limit(List<GuestStep> steps) {
        Duration limit = BOOT_ALLOWANCE;
        for (GuestStep s : steps) {
            limit = limit.plusSeconds(s.timeoutSeconds() > 0 ? s.timeoutSeconds() + 30 : 3600);
        }
        return limit;
    }

    private static String problem(GuestProtocol p, Qemu.Exit exit, Duration limit) {
        if (p.setupFailure() != null) {
            return "the guest could not set up: " + p.setupFailure();
        }
        if (exit.killedAtLimit()) {
            return "the VM passed its hard limit of " + limit.toSeconds() + " s and was killed";
        }
        if (p.endStatus() != null && p.complete()) {
            return null;
        }
        List<String> tail = p.consoleTail();
        String last = tail.isEmpty()
                ? "nothing on its console"
                : tail.get(tail.size() - 1).strip();
        if (p.endStatus() != null) {
            // the job's shell stopped before its last step (a syntax error, a shell that died)
            return "the guest's job ended (status " + p.endStatus() + ") before its last step; last console line: "
                    + (last.length() > 200 ? last.substring(0, 200) : last);
        }
        return "the guest died before the end of its job (QEMU exit " + exit.exitCode() + "; last console line: "
                + (last.length() > 200 ? last.substring(0, 200) : last) + ")";
    }

    /** The accelerator of the guest being run (set before it boots). */
    public Accel accel() {
        return accel;
    }

    /** Kills the running guest (Ctrl-C). */
    public void kill() {
        qemu.kill();
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // harmless
        }
    }
}
