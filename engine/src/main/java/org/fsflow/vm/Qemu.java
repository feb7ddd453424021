package org.fsflow.vm;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Starts one throwaway QEMU guest and reads its serial console to the end. Every process has a
 * hard limit (killed when it passes it), dies with fsflow ({@code setpriv --pdeathsig KILL}), and
 * is announced to {@code onStart} with its pid so a teardown registry can kill it after a crash.
 */
public final class Qemu {

    /** The QEMU binary. */
    public static final String BINARY = "qemu-system-x86_64";

    /**
     * A virtio disk backed by a raw image, uncached on the host.
     *
     * @param image    the image file (sparse)
     * @param readOnly attach it read-only
     */
    public record Disk(Path image, boolean readOnly) {}

    /**
     * One guest.
     *
     * @param name      its QEMU name (shown by ps, used to recognise it at teardown)
     * @param kernel    the kernel to boot
     * @param initrd    the initramfs
     * @param job       the job script, or null
     * @param disks     its disks: /dev/vda, /dev/vdb ... in this order
     * @param accel     KVM or TCG
     * @param cpus      virtual CPUs
     * @param memoryMiB its RAM
     * @param hardLimit killed after this long, whatever it does
     * @param pidFile   where QEMU writes its pid
     */
    public record Config(
            String name,
            BootKernel kernel,
            Path initrd,
            Path job,
            List<Disk> disks,
            Accel accel,
            int cpus,
            int memoryMiB,
            Duration hardLimit,
            Path pidFile) {}

    /**
     * How a guest ended.
     *
     * @param exitCode      QEMU's exit status (-1 when killed)
     * @param killedAtLimit killed by the hard limit
     * @param wallSeconds   from start to exit, on the host
     */
    public record Exit(int exitCode, boolean killedAtLimit, double wallSeconds) {}

    private volatile Process process;
    private final boolean input;

    /** A guest whose console reads nothing. */
    public Qemu() {
        this(false);
    }

    /** A guest whose console reads what {@link #send} writes when {@code input}, else nothing. */
    public Qemu(boolean input) {
        this.input = input;
    }

    /** The command line of {@code c}. */
    public static List<String> argv(Config c) {
        List<String> a = diesWithFsflow();
        a.addAll(List.of(BINARY, "-name", c.name()));
        a.addAll(c.accel().qemuArgs());
        a.addAll(List.of(
                "-smp",
                String.valueOf(c.cpus()),
                "-m",
                c.memoryMiB() + "M",
                "-nographic",
                "-no-reboot",
                "-nic",
                "none",
                "-monitor",
                "none",
                "-serial",
                "stdio",
                "-pidfile",
                c.pidFile().toString(),
                "-kernel",
                c.kernel().boot().toString(),
                "-initrd",
                c.initrd().toString(),
                "-append",
                "console=ttyS0 panic=-1 quiet loglevel=1"));
        if (c.job() != null) {
            a.addAll(List.of("-fw_cfg", "name=" + GuestScript.JOB_NAME + ",file=" + c.job()));
        }
        for (Disk d : c.disks()) {
            a.addAll(List.of(
                    "-drive",
                    "file=" + d.image() + ",format=raw,if=virtio,cache=none,aio=threads"
                            // a discard in the guest punches holes in the image, as on a loop device
                            + (d.readOnly() ? ",readonly=on" : ",discard=unmap")));
        }
        return a;
    }

    /** The prefix that kills a guest machine's process when fsflow dies ({@code setpriv --pdeathsig KILL}). */
    static List<String> diesWithFsflow() {
        List<String> a = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setpriv"))) {
            a.addAll(List.of("/usr/bin/setpriv", "--pdeathsig", "KILL"));
        }
        return a;
    }

    /**
     * Runs the guest to its end, each console line to {@code console} as it arrives; the pid goes to
     * {@code onStart} before the first line is read.
     */
    public Exit run(Config c, Consumer<String> console, LongConsumer onStart) {
        return run(argv(c), c.hardLimit(), console, onStart, pid -> {});
    }

    /**
     * Runs a guest machine's command line {@code argv} (QEMU's, or user-mode Linux's: {@link Uml})
     * to its end under {@code hardLimit}, each console line to {@code console}; the pid goes to
     * {@code onStart} before the first line is read, and to {@code exited} as soon as the process
     * has ended (by itself, at its limit or killed), before the console is read to its end: what
     * the guest's process left behind (user-mode Linux's helpers, which hold the console open) is
     * killed there.
     */
    public Exit run(
            List<String> argv,
            Duration hardLimit,
            Consumer<String> console,
            LongConsumer onStart,
            LongConsumer exited) {
        ProcessBuilder pb = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectInput(
                        input ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")));
        long start = System.nanoTime();
        try {
            process = pb.start();
        } catch (IOException e) {
            String program = argv.get(argv.indexOf("KILL") + 1);
            throw new VmException(program + " cannot start: " + e.getMessage() + " (apt-get install "
                    + (program.equals(BINARY) ? "qemu-system-x86" : Uml.PACKAGE) + ")");
        }
        Process p = process;
        onStart.accept(p.pid());
        java.util.concurrent.atomic.AtomicBoolean killed = new java.util.concurrent.atomic.AtomicBoolean();
        Thread watchdog = new Thread(
                () -> {
                    try {
                        if (!p.waitFor(hardLimit.toMillis(), TimeUnit.MILLISECONDS)) {
                            killed.set(true);
                            p.destroyForcibly();
                        }
                    } catch (InterruptedException e) {
                        p.destroyForcibly();
                    }
                    exited.accept(p.pid());
                },
                "fsflow-vm-limit");
        watchdog.setDaemon(true);
        watchdog.start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                console.accept(line);
            }
        } catch (IOException e) {
            p.destroyForcibly();
        } finally {
            waitQuietly(p);
            watchdog.interrupt();
        }
        double wall = (System.nanoTime() - start) / 1e9;
        return new Exit(killed.get() ? -1 : p.exitValue(), killed.get(), wall);
    }

    private static void waitQuietly(Process p) {
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Writes {@code line} to the running guest's console (its {@code /dev/console} reads it), for a
     * guest made with {@code new Qemu(true)}; false when there is none to write to.
     */
    public boolean send(String line) {
        Process p = process;
        if (!input || p == null || !p.isAlive()) {
            return false;
        }
        try {
            java.io.OutputStream in = p.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Kills the running guest at once (Ctrl-C, a runner's interrupt). */
    public void kill() {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
        }
    }
}
