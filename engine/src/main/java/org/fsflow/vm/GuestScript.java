package org.fsflow.vm;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.plan.Shell;

/**
 * The two shell scripts the guest runs under busybox: {@code /init} (mounts /proc, /sys, /dev,
 * inserts the modules in order, runs the job handed over through fw_cfg, powers off) and the job
 * (one block per step, each timed by the guest's nanosecond clock ({@code date +%s%N}) around the
 * command, its CPU from the cgroup v2 group it runs in, its memory and faults from GNU time and its
 * I/O from the guest's /proc/diskstats, each ending with tagged lines on the serial console; see
 * {@link GuestProtocol} and {@link GuestClock}).
 */
public final class GuestScript {

    /** The fw_cfg name the job travels under. */
    public static final String JOB_NAME = "opt/fsflow/job";
    /** The guest's PATH: host tools at their host paths first, busybox applets last. */
    static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/bb";
    /** Bytes of a step's stdout and stderr shipped back to the host (each). */
    static final long LOG_CAP = 1 << 20;

    private GuestScript() {}

    /** The {@code /init} of every initramfs. */
    public static String init() {
        return """
                #!/bb/busybox sh
                /bb/busybox mkdir -p /proc /sys /dev /tmp /run /mnt
                /bb/busybox mount -t proc proc /proc
                /bb/busybox --install -s /bb
                export PATH=%s
                mount -t sysfs sysfs /sys
                mount -t devtmpfs devtmpfs /dev
                mount -t tmpfs tmpfs /tmp
                for m in $(cat /etc/fsflow-modules); do
                  insmod "$m" 2>/tmp/insmod.err || echo "@@FSFLOW module-failed $m $(tail -n 1 /tmp/insmod.err)"
                done
                echo "@@FSFLOW ready $(cut -d' ' -f1 /proc/uptime)"
                job=/sys/firmware/qemu_fw_cfg/by_name/%s/raw
                if [ -r "$job" ]; then
                  cp "$job" /tmp/job
                  sh /tmp/job
                  echo "@@FSFLOW end $?"
                else
                  echo "@@FSFLOW setup-failed no job in fw_cfg"
                  echo "@@FSFLOW end 1"
                fi
                sync
                poweroff -f
                """.formatted(PATH, JOB_NAME);
    }

    /**
     * GNU date by the path it has in the initramfs ({@link GuestTools#BASE} ships it): the job runs
     * under busybox's sh, which runs its own applets before any program of PATH, and busybox's date
     * has no nanoseconds ({@code %N}).
     */
    static String gnuDate() {
        Path date = GuestTools.which("date");
        return date == null ? "date" : date.toString();
    }

    /** The job: mount what {@code mounts} say, then run {@code steps} in order. */
    public static String job(List<GuestMount> mounts, List<String> directories, List<GuestStep> steps) {
        StringBuilder s = new StringBuilder("""
                say() { echo "@@FSFLOW $*"; }
                disks() { awk -v n="$1" -v ph="$2" '$3 ~ /^vd[a-z]+$/ { print "@@FSFLOW disk", n, ph, $3, $6, $10, $13 }' /proc/diskstats; }
                ship() { if [ -s "$3" ]; then head -c %d "$3" | base64 | sed "s/^/@@FSFLOW $2 $1 /"; fi; }
                now() { %s +%%s%%N; }
                span() { case "$1$2" in ''|*[!0-9]*) echo none ;; *) d=$(($2 - $1)); printf '%%d.%%06d' $((d / 1000000000)) $((d %% 1000000000 / 1000)) ;; esac; }
                cpu() { if [ -n "$2" ]; then awk -v ph="$1" '$1 == "user_usec" { u = $2 } $1 == "system_usec" { s = $2 } END { print ph, u, s }' "$2/cpu.stat"; else echo "$1 none"; fi; }
                STOP=
                """.formatted(LOG_CAP, gnuDate()));
        s.append(GuestChecks.preamble(steps));
        for (String dir : directories) {
            s.append("mkdir -p ").append(Shell.quote(dir)).append('\n');
        }
        for (GuestMount m : mounts) {
            s.append("mkdir -p ").append(Shell.quote(m.path())).append('\n');
            s.append("mount -t ")
                    .append(m.type())
                    .append(m.readOnly() ? " -o ro " : " ")
                    .append(m.device())
                    .append(' ')
                    .append(Shell.quote(m.path()))
                    .append(" 2>/tmp/m.err || { say setup-failed " + "\"cannot mount ")
                    .append(m.device())
                    .append(" on ")
                    .append(m.path())
                    .append(": $(tail -n 1 /tmp/m.err)\"; exit 1; }\n");
        }
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).firstOfUnit() && i > 0) {
                // like the host runner between units: a fresh start, nothing left mounted
                directories.forEach(
                        d -> s.append("umount ").append(Shell.quote(d)).append(" 2>/dev/null\n"));
                s.append("STOP=\n");
            }
            s.append(step(i, steps.get(i)));
        }
        for (GuestMount m : mounts) {
            s.append("umount ").append(Shell.quote(m.path())).append(" 2>/dev/null\n");
        }
        return s.toString();
    }

    private static String step(int n, GuestStep step) {
        StringBuilder s = new StringBuilder();
        s.append("# ").append(step.id().replace('\n', ' ')).append('\n');
        s.append("if [ -n \"$STOP\" ]; then say skip ").append(n).append(" \"$STOP\"; else\n");
        s.append("say start ").append(n).append("\nrc=0\n");
        if (step.before() != null) {
            s.append(Shell.join(step.before()))
                    .append(" >/tmp/b.out 2>/tmp/b.err || { rc=$?; say before ")
                    .append(n)
                    .append(" $rc; ship ")
                    .append(n)
                    .append(" err /tmp/b.err; }\n");
        }
        String prepare =
                (step.dropCaches() ? "  sync; echo 3 > /proc/sys/vm/drop_caches\n" : "") + GuestChecks.budget(n, step);
        if (!prepare.isEmpty()) {
            s.append("if [ $rc = 0 ]; then\n").append(prepare).append("fi\n");
        }
        s.append("if [ $rc = 0 ]; then\n");
        s.append("  disks ").append(n).append(" before\n");
        s.append(GuestChecks.group(step));
        s.append("  say cpu ").append(n).append(" $(cpu before \"$G\")\n");
        // the clock read just around the command: its real time to the microsecond
        s.append("  t0=$(now); ")
                .append(GuestChecks.enter())
                .append("/usr/bin/time -q -o /tmp/t -f '%e %U %S %M %R %F' /usr/bin/timeout -s KILL ")
                .append(step.timeoutSeconds())
                .append(' ')
                .append(Shell.join(step.argv()))
                .append(" >/tmp/o 2>/tmp/e </dev/null; rc=$?; crc=$rc; t1=$(now)\n");
        s.append(GuestChecks.oom(n, step));
        s.append("  say cpu ").append(n).append(" $(cpu after \"$G\")\n");
        s.append("  say clock ").append(n).append(" $(span $t0 $t1)\n");
        s.append(GuestChecks.flush(n, step));
        s.append("  disks ").append(n).append(" after\n");
        s.append("  say time ").append(n).append(" $(tail -n 1 /tmp/t)\n");
        s.append("  say exit ").append(n).append(" $crc\n");
        s.append("  ship ").append(n).append(" out /tmp/o; ship ").append(n).append(" err /tmp/e\n");
        s.append(GuestChecks.verify(n, step));
        if (step.after() != null) {
            s.append("  ").append(Shell.join(step.after())).append(" >/dev/null 2>&1\n");
        }
        s.append("fi\n");
        if (step.stopsCell()) {
            s.append("[ $rc = 0 ] || STOP=")
                    .append(Shell.quote("skipped because " + step.id() + " failed"))
                    .append('\n');
        }
        s.append("say done ").append(n).append("\nfi\n");
        return s.toString();
    }
}
