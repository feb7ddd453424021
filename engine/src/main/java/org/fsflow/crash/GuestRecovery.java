package org.fsflow.crash;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.GuestTools;
import org.fsflow.vm.Qemu;
import org.fsflow.vm.VmException;

/**
 * Recovers crashed images in a guest of the kernel that wrote them, one virtio disk per image, and
 * times each phase by the guest's own clock: the mount (the journal's replay), then the check
 * ({@code fsck -n} on the recovered filesystem), then, only when the check failed, the repair
 * ({@code fsck -y}) and a second mount. The files of the last successful mount are hashed in the
 * guest and reported, so the host never mounts a crashed image.
 */
public final class GuestRecovery {

    /** Images one guest takes at most (virtio disks /dev/vda to /dev/vdt). */
    public static final int PER_GUEST = 20;

    private static final String TAG = "@@RECOVER ";

    /**
     * A batch.
     *
     * @param name      the guest's name
     * @param kernel    the kernel that wrote the images
     * @param fsModules the filesystem's modules
     * @param fsType    the type given to mount
     * @param check     the check, {@code $DEV} for the device ({@code fsck.ext4 -fn $DEV})
     * @param repair    the repair ({@code fsck.ext4 -fy $DEV})
     * @param images    the crashed images, at most {@link #PER_GUEST}
     * @param work      where the job and pid file go
     * @param cache     initramfs and accelerator cache
     * @param limit     the guest's hard limit
     */
    public record Request(
            String name,
            BootKernel kernel,
            List<String> fsModules,
            String fsType,
            String check,
            String repair,
            List<Path> images,
            Path work,
            Path cache,
            Duration limit) {}

    /**
     * One image's recovery.
     *
     * @param mounted  true when the filesystem mounted, at first or after the repair
     * @param mountS   the first mount's seconds (also when it failed)
     * @param checkOk  true when the check found nothing
     * @param checkS   the check's seconds
     * @param repairS  the repair's seconds, or null when the check passed
     * @param tree     the files of the last successful mount
     */
    public record Outcome(boolean mounted, double mountS, boolean checkOk, double checkS, Double repairS, Tree tree) {}

    private GuestRecovery() {}

    /** Boots one guest over {@code r}'s images; the outcome of each, in order, or a problem. */
    public static List<Outcome> recover(Request r, LongConsumer onStart) {
        return recover(r, onStart, CrashPhases.NONE);
    }

    /** As {@link #recover(Request, LongConsumer)}, each guest's boot recorded in {@code phases}. */
    static List<Outcome> recover(Request r, LongConsumer onStart, CrashPhases phases) {
        java.time.Instant start = java.time.Instant.now();
        if (r.images().isEmpty() || r.images().size() > PER_GUEST) {
            throw new IllegalArgumentException(
                    "1 to " + PER_GUEST + " images per guest, not " + r.images().size());
        }
        Path job = r.work().resolve(r.name() + ".job");
        try {
            Files.createDirectories(r.work());
            Files.writeString(job, job(r, GuestTools.which("date")), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new VmException("cannot write " + job + ": " + e.getMessage());
        }
        Qemu.Config config = CrashGuest.config(
                r.name(),
                r.kernel(),
                r.fsModules(),
                List.of("sh", "dash", "date", r.check(), r.repair()),
                "the crash recovery",
                job,
                r.images(),
                r.work(),
                r.cache(),
                r.limit());
        phases.images(r.kernel(), config.accel(), start);
        Lines lines = new Lines();
        CrashPhases.Guest guest = phases.launched(r.kernel(), config.accel(), null);
        Qemu.Exit exit = new Qemu()
                .run(
                        config,
                        line -> {
                            guest.line(line);
                            lines.take(line);
                        },
                        onStart);
        if (exit.killedAtLimit() || lines.outcomes.size() != r.images().size()) {
            throw new VmException("the recovery guest " + r.name() + " reported " + lines.outcomes.size() + " of "
                    + r.images().size() + " images" + (exit.killedAtLimit() ? " and was killed at its limit" : "")
                    + "; last line: " + lines.last);
        }
        return new ArrayList<>(lines.outcomes.values());
    }

    /** The job: per disk, mount, list, unmount, check, and repair and mount again when needed. */
    static String job(Request r, Path date) {
        return header(date) + disks(r, 0, false);
    }

    /** The job's functions and mount point, {@code date} GNU date (or null: the guest's). */
    static String header(Path date) {
        return """
                now() { %1$s +%%s%%N; }
                say() { echo "@@RECOVER $*"; }
                files() { (cd /mnt/r && find . -type f | sort | while read -r f; do
                  say "$1" file "$(sha256sum < "$f" | cut -d' ' -f1) $(stat -c %%s "$f") ${f#./}"; done); }
                mkdir -p /mnt/r
                """.formatted(date == null ? "date" : date.toString());
    }

    /**
     * The recovery of each of {@code r}'s images, the first on disk number {@code first} ({@code 0}:
     * /dev/vda); when {@code guarded}, image i only where the shell's {@code $n} is above i.
     */
    static String disks(Request r, int first, boolean guarded) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < r.images().size(); i++) {
            String dev = "/dev/vd" + (char) ('a' + first + i);
            s.append(guarded ? "if [ \"$n\" -gt " + i + " ]; then\n" : "")
                    .append("""
                    DEV=%1$s; t0=$(now); mount -t %2$s "$DEV" /mnt/r; rc=$?; t1=$(now)
                    say %3$d mount $rc $((t1 - t0))
                    if [ $rc = 0 ]; then files %3$d; umount /mnt/r; fi
                    t0=$(now); %4$s >/dev/null 2>&1; rc=$?; t1=$(now)
                    say %3$d check $rc $((t1 - t0))
                    if [ $rc != 0 ]; then
                      t0=$(now); %5$s >/dev/null 2>&1; rc=$?; t1=$(now)
                      say %3$d repair $rc $((t1 - t0))
                      say %3$d reset
                      if mount -t %2$s "$DEV" /mnt/r; then say %3$d remount 0 0; files %3$d; umount /mnt/r; fi
                    fi
                    say %3$d done
                    """.formatted(
                                    dev,
                                    r.fsType(),
                                    i,
                                    r.check().replace("$DEV", "\"$DEV\""),
                                    r.repair().replace("$DEV", "\"$DEV\"")))
                    .append(guarded ? "fi\n" : "");
        }
        return s.toString();
    }

    /**
     * The recovery after a recording in its guest ({@link GuestLog.Then}): the host told with {@code
     * recorded}, its answer {@code go N} read from the console, the N images it wrote (from
     * /dev/vdc) flushed from the guest's buffers (the boot read their first blocks), the caches
     * dropped, then each image recovered as in a guest of its own.
     */
    static String afterRecording(Request recovery, String recorded) {
        StringBuilder s = new StringBuilder("""
                sync
                echo "%s"
                read -r go n || n=0
                [ "$go" = go ] || n=0
                """.formatted(recorded));
        for (int i = 0; i < recovery.images().size(); i++) {
            s.append("[ \"$n\" -gt ")
                    .append(i)
                    .append(" ] && blockdev --flushbufs /dev/vd")
                    .append((char) ('c' + i))
                    .append('\n');
        }
        s.append("sync; echo 3 > /proc/sys/vm/drop_caches\n");
        s.append(header(GuestTools.which("date")));
        s.append(disks(recovery, 2, true));
        return s.toString();
    }

    // folds the tagged lines of each image into its outcome
    static final class Lines {
        final Map<Integer, Outcome> outcomes = new TreeMap<>();
        final Map<Integer, Map<String, Tree.File>> files = new HashMap<>();
        final Map<Integer, double[]> times = new HashMap<>();
        final Map<Integer, boolean[]> flags = new HashMap<>();
        String last = "";

        void take(String line) {
            last = line;
            int at = line.indexOf(TAG);
            if (at < 0) {
                return;
            }
            String[] f = line.substring(at + TAG.length()).strip().split(" ", 3);
            int i = Integer.parseInt(f[0]);
            Map<String, Tree.File> tree = files.computeIfAbsent(i, k -> new TreeMap<>());
            double[] t = times.computeIfAbsent(i, k -> new double[] {Double.NaN, Double.NaN, Double.NaN});
            boolean[] b = flags.computeIfAbsent(i, k -> new boolean[2]);
            String[] v = f.length > 2 ? f[2].split(" ", 3) : new String[0];
            switch (f[1]) {
                case "mount" -> {
                    b[0] = "0".equals(v[0]);
                    t[0] = Long.parseLong(v[1]) / 1e9;
                }
                case "file" -> tree.put(v[2], new Tree.File(Long.parseLong(v[1]), v[0]));
                case "check" -> {
                    b[1] = "0".equals(v[0]);
                    t[1] = Long.parseLong(v[1]) / 1e9;
                }
                case "repair" -> t[2] = Long.parseLong(v[1]) / 1e9;
                case "reset" -> {
                    tree.clear();
                    b[0] = false;
                }
                case "remount" -> b[0] = true;
                case "done" ->
                    outcomes.put(
                            i, new Outcome(b[0], t[0], b[1], t[1], Double.isNaN(t[2]) ? null : t[2], new Tree(tree)));
                default -> {}
            }
        }
    }
}
