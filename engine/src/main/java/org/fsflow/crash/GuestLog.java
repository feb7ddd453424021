package org.fsflow.crash;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.fsflow.vm.Accel;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.Qemu;
import org.fsflow.vm.VmException;

/**
 * Records a workload's writes in a guest whose kernel has dm-log-writes (the host's may have no
 * device-mapper at all): the target disk (/dev/vda) is wrapped in a log-writes target that logs to
 * a second disk (/dev/vdb); mkfs runs through it and a mark {@code mkfs} follows; the filesystem is
 * mounted at {@code /mnt/t} and the workload runs there, in its shell, with three functions:
 * {@code durable PATH...} (fsync of each file and of its directory, then its content is reported as
 * durable), {@code gone PATH...} (fsync of the directory of each name removed, reported durable as
 * absent) and {@code mark NAME} (every file reported as last written, then a mark in the log). The
 * job's lines feed a {@link Durability}; the log disk is read with {@link WriteLog} afterwards.
 */
public final class GuestLog {

    /** The device-mapper name of the logged target in the guest. */
    static final String DM_NAME = "fsflow-log";

    /** The modules the guest needs besides the disk ones and the filesystem's. */
    static final List<String> MODULES = List.of("dm_mod", "dm_log_writes");

    /**
     * A recording.
     *
     * @param name        the guest's name
     * @param kernel      a kernel with dm-log-writes
     * @param fsModules   the modules of the filesystem (ext4, xfs, ...)
     * @param mkfs        the mkfs command line, {@code $DEV} standing for the device
     * @param mountOptions options of the mount, or empty
     * @param workload    the workload's shell text, run in the mounted filesystem
     * @param targetBytes the size of the target disk
     * @param logBytes    the size of the log disk
     * @param work        where the images, the job and the pid file go
     * @param cache       where initramfs images and the accelerator verdict are cached
     * @param limit       the guest's hard time limit
     */
    public record Request(
            String name,
            BootKernel kernel,
            List<String> fsModules,
            String mkfs,
            String mountOptions,
            String workload,
            long targetBytes,
            long logBytes,
            Path work,
            Path cache,
            Duration limit) {}

    /**
     * What the recording left.
     *
     * @param target     the target disk's image as the workload left it (not needed for replay)
     * @param log        the log disk's image
     * @param durability what each mark expects
     * @param wallSeconds the guest's wall time
     * @param problem    null when the job ran to its end, else what went wrong
     * @param accel      how the guest ran
     * @param recovered  the outcomes of the recovery after the recording ({@link Then}), in disk order
     */
    public record Recorded(
            Path target,
            Path log,
            Durability durability,
            double wallSeconds,
            String problem,
            Accel accel,
            List<GuestRecovery.Outcome> recovered) {}

    private GuestLog() {}

    /**
     * The recovery of a cell's first crash points in the recording's own guest, after it: its
     * images are the disks after the target and the log ({@code /dev/vdc} on), empty at the boot and
     * written by {@code prepare} on the host once the recording has ended; the guest then drops its
     * caches and recovers the images {@code prepare} says it wrote, as {@link GuestRecovery} does.
     *
     * @param recovery the recovery, its images the disks (at most {@link #RECOVERED_THERE})
     * @param prepare  writes the images; how many it wrote, from the first
     */
    public record Then(GuestRecovery.Request recovery, Prepare prepare) {}

    /** Writes the crash points' images into the recording guest's idle disks. */
    public interface Prepare {
        /** The number of images written, from the first disk on. */
        int images() throws IOException;
    }

    /** The image of {@code r}'s target disk. */
    static Path targetImage(Request r) {
        return r.work().resolve(r.name() + ".target.img");
    }

    /** The image of {@code r}'s log disk. */
    static Path logImage(Request r) {
        return r.work().resolve(r.name() + ".log.img");
    }

    /** Images a recording guest recovers after its recording (its disks besides target and log). */
    public static final int RECOVERED_THERE = GuestRecovery.PER_GUEST - 2;

    /** Boots the guest, runs the job, and returns where the log is and what the marks expect. */
    public static Recorded record(Request r, LongConsumer onStart) {
        return record(r, onStart, CrashPhases.NONE, null);
    }

    /**
     * As {@link #record(Request, LongConsumer)}, its images, boot and workload recorded in {@code
     * phases}, and when {@code then} is not null the recovery it names run in the same guest after it.
     */
    static Recorded record(Request r, LongConsumer onStart, CrashPhases phases, Then then) {
        java.time.Instant start = java.time.Instant.now();
        Path target = targetImage(r);
        Path log = logImage(r);
        Path job = r.work().resolve(r.name() + ".job");
        List<Path> idle = then == null ? List.of() : then.recovery().images();
        // first what can refuse (a module or program the guest lacks), then the images
        List<String> modules = new ArrayList<>(MODULES);
        modules.addAll(r.fsModules());
        List<String> tools = new ArrayList<>(List.of("sh", "dash", "dmsetup", r.mkfs()));
        if (then != null) {
            tools.addAll(
                    List.of("date", then.recovery().check(), then.recovery().repair()));
        }
        List<Path> disks = new ArrayList<>(List.of(target, log));
        disks.addAll(idle);
        Qemu.Config config = CrashGuest.config(
                r.name(),
                r.kernel(),
                modules,
                tools,
                "the crash recording",
                job,
                disks,
                r.work(),
                r.cache(),
                r.limit());
        try {
            Files.createDirectories(r.work());
            sparse(target, r.targetBytes());
            sparse(log, r.logBytes());
            for (Path image : idle) {
                sparse(image, r.targetBytes());
            }
            Files.writeString(
                    job,
                    job(r) + (then == null ? "" : GuestRecovery.afterRecording(then.recovery(), RECORDED)),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new VmException("cannot prepare the crash recording in " + r.work() + ": " + e.getMessage());
        }
        phases.images(r.kernel(), config.accel(), start);
        RecordingConsole console = new RecordingConsole(
                phases.launched(r.kernel(), config.accel(), org.fsflow.result.Phase.CRASH_RECORDING),
                new Qemu(then != null),
                then,
                from -> phases.images(r.kernel(), config.accel(), from));
        Qemu.Exit exit = console.qemu.run(config, console::line, onStart);
        console.guest.ended();
        return new Recorded(
                target,
                log,
                console.durability,
                exit.wallSeconds(),
                console.problem(exit, r.limit()),
                config.accel(),
                List.copyOf(console.recovered.outcomes.values()));
    }

    /** What the recording guest says when its recording has ended and it waits for its images. */
    static final String RECORDED = "@@CRASH recorded";

    private static void sparse(Path image, long bytes) throws IOException {
        Files.deleteIfExists(image);
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(bytes);
        }
    }

    /** The job's shell text for {@code r}. */
    static String job(Request r) {
        String mountOptions =
                r.mountOptions() == null || r.mountOptions().isBlank() ? "" : "-o " + r.mountOptions() + " ";
        return """
                export DM_DISABLE_UDEV=1
                DEV=/dev/mapper/%1$s
                say() { echo "@@CRASH $*"; }
                hashed() { echo "$(sha256sum < "$1" | cut -d' ' -f1) $(stat -c %%s "$1") ${1#./}"; }
                durable() {
                  for f in "$@"; do
                    sync "$f" "$(dirname "$f")" || return 1
                    say durable "$(hashed "$f")"
                  done
                }
                gone() {
                  for f in "$@"; do
                    sync "$(dirname "$f")" || return 1
                    say gone "${f#./}"
                  done
                }
                mark() {
                  find . -type f | sort | while read -r f; do say written "$(hashed "$f")"; done
                  dmsetup message %1$s 0 mark "$1" || return 1
                  say mark "$1"
                }
                table="0 $(blockdev --getsz /dev/vda) log-writes /dev/vda /dev/vdb"
                dmsetup create %1$s --noudevsync --table "$table" || exit 11
                [ -b "$DEV" ] || dmsetup mknodes %1$s
                %2$s || exit 12
                dmsetup message %1$s 0 mark mkfs || exit 13
                mkdir -p /mnt/t && mount %3$s"$DEV" /mnt/t || exit 14
                cd /mnt/t
                (
                set -e
                %4$s
                ) || { echo "@@CRASH workload-failed $?"; cd /; umount /mnt/t; dmsetup remove %1$s; exit 15; }
                cd /
                umount /mnt/t || exit 16
                dmsetup remove %1$s || exit 17
                """.formatted(DM_NAME, r.mkfs().replace("$DEV", "\"$DEV\""), mountOptions, r.workload());
    }
}
