package org.fsflow.vm;

import java.util.List;
import org.fsflow.plan.Shell;

/**
 * The shell the guest's job runs around a measured command, as the host's runner does around a
 * host step: the memory budget (one cgroup v2 group, {@code memory.max} set to each step's budget
 * before it, the command run inside it), the flush ({@code sync -f} of the step's filesystem,
 * timed, inside the measured interval) and the verify (unmeasured: the copy compared, byte for
 * byte, with the dataset on the read-only source). Each reports tagged lines that {@link StepChecks}
 * reads.
 */
final class GuestChecks {

    /** The cgroup the guest's budgeted steps run in. */
    static final String CGROUP = "/sys/fs/cgroup/fsflow";

    private GuestChecks() {}

    /** The cgroup the guest's other steps run in: their CPU time from its cpu.stat. */
    static final String CPU_CGROUP = "/sys/fs/cgroup/fsflow-cpu";

    /**
     * The job's preamble for {@code steps}: cgroup v2 mounted and the CPU group made (CPUCG empty
     * where it cannot be: GNU time's CPU figures then), the budget's group with the memory
     * controller, the verify function, as needed.
     */
    static String preamble(List<GuestStep> steps) {
        // mounted only where nothing is mounted there yet (a fresh guest): never over a host's hierarchy
        StringBuilder s = new StringBuilder("CPUCG=\n{ grep -q ' /sys/fs/cgroup ' /proc/mounts"
                + " || mount -t cgroup2 cgroup2 /sys/fs/cgroup; } 2>/tmp/cg.err && mkdir -p "
                + CPU_CGROUP + " 2>>/tmp/cg.err && CPUCG=" + CPU_CGROUP + "\n");
        if (steps.stream().anyMatch(st -> st.memoryBytes() >= 0)) {
            s.append("CGERR=\n")
                    .append("if [ -n \"$CPUCG\" ]"
                            + " && { echo +memory > /sys/fs/cgroup/cgroup.subtree_control; } 2>>/tmp/cg.err"
                            + " && mkdir -p " + CGROUP + " 2>>/tmp/cg.err; then :; else"
                            + " CGERR=\"no cgroup v2 memory controller in the guest: $(tail -n 1 /tmp/cg.err)\"; fi\n");
        }
        if (steps.stream().anyMatch(GuestStep::verifies)) {
            s.append(VERIFY);
        }
        return s.toString();
    }

    /** The job's verify function alone (its tests run it with the host's sh and tools). */
    static String verifyFunction() {
        return VERIFY;
    }

    // "verify n ok|nodir|bad FILES MISSING DIFFERENT EXTRA", then the first difference and extra file
    private static final String VERIFY = """
            verify() {
              if [ -f "$3" ] && [ ! -L "$3" ]; then verify_file "$@"; return; fi
              if [ ! -d "$3" ]; then say verify $1 nodir; return 1; fi
              if diff -rq "$2" "$3" >/dev/null 2>&1; then say verify $1 ok; return 0; fi
              (cd "$2" && find . -type f) | sed 's|^\\./||' | sort >/tmp/va
              (cd "$3" && find . ! -type d) | sed 's|^\\./||' | sort >/tmp/vb
              comm -23 /tmp/va /tmp/vb >/tmp/vm
              comm -13 /tmp/va /tmp/vb >/tmp/vx
              comm -12 /tmp/va /tmp/vb | while IFS= read -r f; do
                if [ -L "$3/$f" ] || [ ! -f "$3/$f" ]; then echo "$f is not a regular file"
                elif [ "$(stat -c %s "$2/$f")" != "$(stat -c %s "$3/$f")" ]; then
                  echo "$f has $(stat -c %s "$3/$f") bytes instead of $(stat -c %s "$2/$f")"
                elif ! cmp -s "$2/$f" "$3/$f"; then
                  echo "$f differs at byte $(( $(cmp "$2/$f" "$3/$f" | sed 's/.*differ: [a-z]* \\([0-9]*\\).*/\\1/') - 1 ))"
                fi
              done >/tmp/vd
              say verify $1 bad $(wc -l </tmp/va) $(wc -l </tmp/vm) $(wc -l </tmp/vd) $(wc -l </tmp/vx)
              if [ -s /tmp/vm ]; then say verify-first $1 "$(head -n 1 /tmp/vm) missing"
              elif [ -s /tmp/vd ]; then say verify-first $1 "$(head -n 1 /tmp/vd)"; fi
              if [ -s /tmp/vx ]; then say verify-extra $1 "$(head -n 1 /tmp/vx)"; fi
              return 1
            }
            verify_file() {
              # a one-file dataset copied as one file, under any name
              src=$(find "$2" -type f | head -n 1)
              if cmp -s "$src" "$3"; then say verify $1 ok; return 0; fi
              if [ "$(stat -c %s "$src")" != "$(stat -c %s "$3")" ]; then
                d="$(basename "$3") has $(stat -c %s "$3") bytes instead of $(stat -c %s "$src")"
              else
                d="$(basename "$3") differs at byte $(( $(cmp "$src" "$3" | sed 's/.*differ: [a-z]* \\([0-9]*\\).*/\\1/') - 1 ))"
              fi
              say verify $1 bad 1 0 1 0
              say verify-first $1 "$d"
              return 1
            }
            """;

    /** Sets the budget of step {@code n} before its command; on failure rc is 125 and the command does not run. */
    static String budget(int n, GuestStep step) {
        if (step.memoryBytes() < 0) {
            return "";
        }
        long bytes = step.memoryBytes();
        return "  if [ -n \"$CGERR\" ]; then say budget-failed " + n + " \"$CGERR\"; rc=125\n"
                + "  elif { echo " + bytes + " > " + CGROUP + "/memory.max; } 2>/tmp/cg.err; then say budget " + n
                + " $(cat " + CGROUP + "/memory.max); ob=$(" + OOM_KILLS + ")\n"
                + "  else say budget-failed " + n + " \"cannot set " + CGROUP + "/memory.max to " + bytes
                + " bytes: $(tail -n 1 /tmp/cg.err)\"; rc=125; fi\n";
    }

    // the kernel's count of OOM kills in the budget's cgroup
    private static final String OOM_KILLS = "sed -n 's/^oom_kill //p' " + CGROUP + "/memory.events";

    /** After a budgeted command: the OOM kills in its cgroup before and after it (an OOM kill: over budget). */
    static String oom(int n, GuestStep step) {
        return step.memoryBytes() < 0 ? "" : "  say oom " + n + " $ob $(" + OOM_KILLS + ")\n";
    }

    /**
     * Sets G to the group the measured command runs in (the budget's, else the CPU group, empty
     * without cgroup v2) and the positional parameters to the prelude that moves it there.
     */
    static String group(GuestStep step) {
        return "  G=" + (step.memoryBytes() < 0 ? "$CPUCG" : CGROUP) + "\n"
                + "  if [ -n \"$G\" ]; then set -- sh -c 'echo $$ > \"$0/cgroup.procs\" && exec \"$@\"' \"$G\";"
                + " else set --; fi\n";
    }

    /** What runs the measured command inside its group (after {@link #group}). */
    static String enter() {
        return "\"$@\" ";
    }

    /** After the command succeeded: its filesystem synced, timed; a failed sync is the step's failure. */
    static String flush(int n, GuestStep step) {
        if (step.flushPath() == null) {
            return "";
        }
        return "  if [ $rc = 0 ]; then f0=$(now); /usr/bin/timeout -s KILL "
                + step.timeoutSeconds() + " sync -f " + Shell.quote(step.flushPath())
                + " >/dev/null 2>&1; frc=$?; f1=$(now); say flush " + n + " $(span $f0 $f1) $frc; rc=$frc; fi\n";
    }

    /** After the command (and flush) succeeded, unmeasured: the copy compared with the dataset. */
    static String verify(int n, GuestStep step) {
        if (!step.verifies()) {
            return "";
        }
        return "  if [ $rc = 0 ]; then verify " + n + " " + Shell.quote(step.verifyDataset()) + " "
                + Shell.quote(step.verifyCopy()) + " || rc=1; fi\n";
    }
}
