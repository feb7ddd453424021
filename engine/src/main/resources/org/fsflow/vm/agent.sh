# fsflow's guest agent (vm/GuestAgent): one fixed POSIX sh script, shipped once in every guest's
# initramfs, that runs the measured steps of a job file and reports each on stdout in tagged lines
# (@@FSFLOW KIND N ...) that vm/GuestProtocol reads. The job is data (vm/GuestJob): a header line
# "fsflow-job 1", then one "KEY VALUE" line per setting or step field; a step's fields follow its
# "step N ID" line and its "run" line runs it. Word lists (argv, before, after, mount) are POSIX sh
# words, decoded with eval "set -- ..."; every other value is the rest of its line.
# It runs under busybox's sh in the guest (host tools called by their host paths where busybox has
# an applet of the same name) and under the host's sh in the unit tests.
#
# usage: sh agent.sh JOB

say() { echo "@@FSFLOW $*"; }

JOB=$1
NL='
'                          # a newline inside a word of a word list is written '"$NL"'
S=$(mktemp -d) || { say setup-failed "cannot make a scratch directory"; exit 1; }
LOG_CAP=1048576            # bytes of a step's stdout and of its stderr shipped back (each)
DATE=/usr/bin/date         # GNU date: busybox's date applet has no %N
[ -x "$DATE" ] || DATE=/bin/date
TIME=/usr/bin/time         # GNU time: max RSS and faults (%M %R %F), and 10 ms figures as a fallback
TIMEOUT=/usr/bin/timeout
CG=                        # the cgroup v2 root; empty: none (GNU time's CPU figures, no budget)
CPUCG=                     # the group of unbudgeted commands (their CPU from its cpu.stat)
BUDGETCG=                  # the group of budgeted commands (memory.max), made at the first budget
CGERR=                     # why there is no budget group
DIRS=                      # the mount points, one a line: unmounted between cell repetitions
MOUNTS=                    # the job's mount lines (word lists DEV TYPE ro|rw DIR), unmounted at its end
STOP=                      # why the next steps of this cell repetition are skipped
RAN=                       # a step ran: the next unit starts afresh
CACHES=                    # where 3 drops the caches between two units of a reused guest; empty: never

# an unmeasured phase of step N (or - between units) from uptime U0 to U1, by the guest's
# /proc/uptime (builtins only: 10 ms, no process started): "phase N KIND U0 U1", KIND a key of
# result/Phase (caches, release, verify, around)
tick() { read -r UPT x </proc/uptime; }
phase() { say phase "$1" "$2" "$3" "$UPT"; }
ship() { if [ -s "$3" ]; then head -c "$LOG_CAP" "$3" | base64 | sed "s/^/@@FSFLOW $2 $1 /"; fi; }
now() { "$DATE" +%s%N; }
span() { case "$1$2" in ''|*[!0-9]*) echo none ;; *) d=$(($2 - $1)); printf '%d.%06d' $((d / 1000000000)) $((d % 1000000000 / 1000)) ;; esac; }
oom_kills() { sed -n 's/^oom_kill //p' "$BUDGETCG/memory.events"; }
# What a step's accounting reads before and after it, in one cat and one awk: the kernel threads'
# CPU (PF_KTHREAD, or children of kthreadd), "kthreads N PHASE PID START TICKS COMM ...", one pass
# over /proc read by measure/KernelThreads's rules on the host; the disks, "disk N PHASE NAME
# SECTORS_READ SECTORS_WRITTEN IO_MS" a line; then group G's CPU, "cpu N PHASE USER_USEC SYSTEM_USEC"
# ("none" without a group). Under TCG each process started costs tens of milliseconds, so a step's
# probes once took five of them on each side.
probe() {
  # cat, not awk's own file list: a process that ends between the glob and its read (the sampler's
  # sleep) is skipped, where awk would stop at the file it cannot open
  cat /proc/[0-9]*/stat 2>/dev/null | awk -v n="$1" -v ph="$2" -v g="$3" '{ s = $0; o = index(s, "("); c = 0
      for (i = length(s); i > o; i--) if (substr(s, i, 1) == ")") { c = i; break }
      if (o < 2 || c == 0) next
      pid = substr(s, 1, o - 2); comm = substr(s, o + 1, c - o - 1); gsub(/[ \t]/, "_", comm)
      split(substr(s, c + 2), f, " ")
      if (int(f[7] / 2097152) % 2 == 1 || f[2] == 2 || pid == 2) out = out " " pid " " f[20] " " (f[12] + f[13]) " " comm }
    END { print "@@FSFLOW kthreads", n, ph out
      while ((getline l < "/proc/diskstats") > 0) { split(l, d, " ")
        if (d[3] ~ /^(vd|ubd)[a-z]+$/) print "@@FSFLOW disk", n, ph, d[3], d[6], d[10], d[13] }
      if (g == "") { print "@@FSFLOW cpu", n, ph, "none"; exit }
      while ((getline l < (g "/cpu.stat")) > 0) { split(l, d, " "); if (d[1] == "user_usec") u = d[2]; if (d[1] == "system_usec") y = d[2] }
      print "@@FSFLOW cpu", n, ph, u, y }'
}
# Dirty and Writeback of /proc/meminfo into dk and wk. The shell's read takes a byte a syscall, so
# the loop stops at Writeback (the line after Dirty): the whole file cost three times the syscalls.
meminfo() {
  while IFS=': ' read -r k v x; do
    case $k in Dirty) dk=$v ;; Writeback) wk=$v; break ;; esac
  done </proc/meminfo
}
# one point of the step's time series, builtins only: "sample N UPTIME USER NICE SYSTEM IDLE IOWAIT IRQ
# SOFTIRQ STEAL SECTORS_READ SECTORS_WRITTEN DIRTY_KIB WRITEBACK_KIB" (the disks as probe() counts them)
sample() {
  read -r up rest </proc/uptime
  read -r c u ni sy id iw ir si st rest </proc/stat
  sr=0; sw=0
  while read -r ma mi dn f1 f2 f3 f4 f5 f6 f7 rest; do
    case $dn in vd[a-z]|vd[a-z][a-z]|ubd[a-z]|ubd[a-z][a-z]) sr=$((sr + f3)); sw=$((sw + f7)) ;; esac
  done </proc/diskstats
  dk=; wk=; meminfo
  say sample "$1" "$up" "$u" "$ni" "$sy" "$id" "$iw" "$ir" "$si" "$st" "$sr" "$sw" "$dk" "$wk"
}
sampler() { while sleep 1; do sample "$1"; done; }

# the agent's I/O accounting (its reaped children's with it: the step's), with the dirty memory after:
# "io N PHASE rchar wchar read_bytes write_bytes cancelled [dirty_kib writeback_kib]"; builtins only
io() {
  while IFS=': ' read -r k v; do
    case $k in rchar) r=$v ;; wchar) w=$v ;; read_bytes) rb=$v ;; write_bytes) wb=$v ;; cancelled_write_bytes) cw=$v ;; esac
  done </proc/$$/io
  if [ "$2" = after ]; then
    dk=; wk=; meminfo
    say io "$1" "$2" "$r" "$w" "$rb" "$wb" "$cw" "$dk" "$wk"
  else
    say io "$1" "$2" "$r" "$w" "$rb" "$wb" "$cw"
  fi
}

# cgroup2 ROOT: mounted only where nothing is mounted yet (a fresh guest), never over a host's hierarchy
setup_cgroups() {
  { grep -q " $1 " /proc/mounts || mount -t cgroup2 cgroup2 "$1"; } 2>"$S/cg.err" \
    && mkdir -p "$1/fsflow-cpu" 2>>"$S/cg.err" && CG=$1 && CPUCG=$1/fsflow-cpu
}

# the budget's group with the memory controller, once; CGERR says why not
budget_group() {
  [ -n "$BUDGETCG$CGERR" ] && return
  if [ -n "$CPUCG" ] && { echo +memory > "$CG/cgroup.subtree_control"; } 2>>"$S/cg.err" \
      && mkdir -p "$CG/fsflow" 2>>"$S/cg.err"; then
    BUDGETCG=$CG/fsflow
  else
    CGERR="no cgroup v2 memory controller in the guest: $(tail -n 1 "$S/cg.err" 2>/dev/null)"
    [ -n "$CG" ] || CGERR="no cgroup v2 memory controller in the guest: no cgroup2 hierarchy"
  fi
}

# mount DEV TYPE ro|rw DIR: the job's fixed mounts (the datasets' read-only source)
mount_one() {
  mkdir -p "$4"
  if [ "$3" = ro ]; then o="-o ro"; else o=; fi
  mount -t "$2" $o "$1" "$4" 2>"$S/m.err" || { say setup-failed "cannot mount $1 on $4: $(tail -n 1 "$S/m.err")"; exit 1; }
}

# a new cell repetition: a fresh start, nothing left mounted, no earlier failure skipping steps;
# after another one in this guest (vm: reuse), no cache of it either: the job's mounts undone, the
# page cache, dentries and inodes dropped, the mounts made again (a failure ends the job)
unit() {
  if [ -n "$RAN" ]; then
    printf '%s' "$DIRS" | while IFS= read -r d; do umount "$d" 2>/dev/null; done
    if [ -n "$CACHES" ]; then
      tick; c0=$UPT
      printf '%s' "$MOUNTS" | while IFS= read -r m; do eval "set -- $m"; umount "$4" 2>/dev/null; done
      sync; echo 3 > "$CACHES"
      while IFS= read -r m; do
        [ -n "$m" ] && { eval "set -- $m"; mount_one "$@"; }
      done <<MOUNTS
$MOUNTS
MOUNTS
      tick; phase - caches "$c0"
    fi
  fi
  STOP=
}

new_step() { N=; ID=; ARGV=; BEFORE=; AFTER=; DROP=; RELEASE=; LIMIT=0; ONERR=skip-cell; BUDGET=; FLUSH=; VSRC=; VCOPY=; }

run_step() {
  RAN=1
  if [ -n "$STOP" ]; then say skip "$N" "$STOP"; return; fi
  say start "$N"
  rc=0
  if [ -n "$BEFORE" ]; then
    tick; p0=$UPT
    (eval "set -- $BEFORE"; exec "$@") >"$S/b.out" 2>"$S/b.err" 3<&- || { rc=$?; say before "$N" $rc; ship "$N" err "$S/b.err"; }
    tick; phase "$N" around "$p0"
  fi
  [ $rc = 0 ] && [ -n "$DROP" ] && { tick; p0=$UPT; sync; echo 3 > /proc/sys/vm/drop_caches; tick; phase "$N" caches "$p0"; }
  if [ $rc = 0 ] && [ -n "$RELEASE" ]; then
    tick; p0=$UPT
    (eval "set -- $RELEASE"; exec "$@") >"$S/r.out" 2>"$S/r.err" 3<&- || { rc=$?; say release "$N" $rc; ship "$N" err "$S/r.err"; }
    tick; phase "$N" release "$p0"
  fi
  [ $rc = 0 ] && [ -n "$BUDGET" ] && set_budget
  [ $rc = 0 ] && measure
  if [ -n "$AFTER" ] && [ $rc = 0 ]; then
    tick; p0=$UPT; (eval "set -- $AFTER"; exec "$@") >/dev/null 2>&1 3<&-; tick; phase "$N" around "$p0"
  fi
  if [ $rc != 0 ] && [ "$ONERR" != continue ]; then STOP="skipped because $ID failed"; fi
  say done "$N"
}

# the step's memory.max; on failure rc is 125 and the command does not run
set_budget() {
  budget_group
  if [ -n "$CGERR" ]; then
    say budget-failed "$N" "$CGERR"; rc=125
  elif { echo "$BUDGET" > "$BUDGETCG/memory.max"; } 2>"$S/cg.err"; then
    say budget "$N" "$(cat "$BUDGETCG/memory.max")"; ob=$(oom_kills)
  else
    say budget-failed "$N" "cannot set $BUDGETCG/memory.max to $BUDGET bytes: $(tail -n 1 "$S/cg.err")"; rc=125
  fi
}

# the command in its group, timed by the clock read just around it; then flush, I/O, outcome, output, verify
measure() {
  if [ -n "$BUDGET" ]; then G=$BUDGETCG; else G=$CPUCG; fi
  probe "$N" before "$G"
  eval "set -- $ARGV"
  set -- "$TIME" -q -o "$S/t" -f '%e %U %S %M %R %F' "$TIMEOUT" -s KILL "$LIMIT" "$@"
  if [ -n "$G" ]; then set -- sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$G" "$@"; fi
  sample "$N"; sampler "$N" 3<&- & SP=$!
  io "$N" before
  t0=$(now); "$@" >"$S/o" 2>"$S/e" </dev/null 3<&-; rc=$?; crc=$rc; t1=$(now)
  io "$N" after
  kill "$SP" 2>/dev/null; wait "$SP" 2>/dev/null
  sample "$N"
  [ -n "$BUDGET" ] && say oom "$N" $ob $(oom_kills)
  say clock "$N" $(span $t0 $t1)
  if [ -n "$FLUSH" ] && [ $rc = 0 ]; then
    f0=$(now); "$TIMEOUT" -s KILL "$LIMIT" sync -f "$FLUSH" >/dev/null 2>&1 3<&-; frc=$?; f1=$(now)
    say flush "$N" $(span $f0 $f1) $frc; rc=$frc
  fi
  probe "$N" after "$G"
  # GNU time's line, the file's last, read by the shell itself (no tail started)
  tl=; l=
  if [ -f "$S/t" ]; then while IFS= read -r l; do tl=$l; done <"$S/t"; [ -n "$l" ] && tl=$l; fi
  say time "$N" $tl
  say exit "$N" $crc
  ship "$N" out "$S/o"; ship "$N" err "$S/e"
  if [ -n "$VCOPY" ] && [ $rc = 0 ]; then
    tick; v0=$UPT; verify "$N" "$VSRC" "$VCOPY" || rc=1; tick; phase "$N" verify "$v0"
  fi
}

# "verify N ok|nodir|bad FILES MISSING DIFFERENT EXTRA", then the first difference and extra file
verify() {
  if [ -f "$3" ] && [ ! -L "$3" ]; then verify_file "$@"; return; fi
  if [ ! -d "$3" ]; then say verify $1 nodir; return 1; fi
  if diff -rq "$2" "$3" >/dev/null 2>&1; then say verify $1 ok; return 0; fi
  (cd "$2" && find . -type f) | sed 's|^\./||' | sort >"$S/va"
  (cd "$3" && find . ! -type d) | sed 's|^\./||' | sort >"$S/vb"
  comm -23 "$S/va" "$S/vb" >"$S/vm"
  comm -13 "$S/va" "$S/vb" >"$S/vx"
  comm -12 "$S/va" "$S/vb" | while IFS= read -r f; do
    if [ -L "$3/$f" ] || [ ! -f "$3/$f" ]; then echo "$f is not a regular file"
    elif [ "$(stat -c %s "$2/$f")" != "$(stat -c %s "$3/$f")" ]; then
      echo "$f has $(stat -c %s "$3/$f") bytes instead of $(stat -c %s "$2/$f")"
    elif ! cmp -s "$2/$f" "$3/$f"; then
      echo "$f differs at byte $(( $(cmp "$2/$f" "$3/$f" | sed 's/.*differ: [a-z]* \([0-9]*\).*/\1/') - 1 ))"
    fi
  done >"$S/vd"
  say verify $1 bad $(wc -l <"$S/va") $(wc -l <"$S/vm") $(wc -l <"$S/vd") $(wc -l <"$S/vx")
  if [ -s "$S/vm" ]; then say verify-first $1 "$(head -n 1 "$S/vm") missing"
  elif [ -s "$S/vd" ]; then say verify-first $1 "$(head -n 1 "$S/vd")"; fi
  if [ -s "$S/vx" ]; then say verify-extra $1 "$(head -n 1 "$S/vx")"; fi
  return 1
}

# a one-file dataset copied as one file, under any name
verify_file() {
  src=$(find "$2" -type f | head -n 1)
  if cmp -s "$src" "$3"; then say verify $1 ok; return 0; fi
  if [ "$(stat -c %s "$src")" != "$(stat -c %s "$3")" ]; then
    d="$(basename "$3") has $(stat -c %s "$3") bytes instead of $(stat -c %s "$src")"
  else
    d="$(basename "$3") differs at byte $(( $(cmp "$src" "$3" | sed 's/.*differ: [a-z]* \([0-9]*\).*/\1/') - 1 ))"
  fi
  say verify $1 bad 1 0 1 0
  say verify-first $1 "$d"
  return 1
}

exec 3<"$JOB" || { say setup-failed "cannot read the job $JOB"; exit 1; }
read -r magic version <&3
if [ "$magic $version" != "fsflow-job 1" ]; then say setup-failed "not a job of version 1: $magic $version"; exit 1; fi
new_step
while read -r key value <&3; do
  case $key in
    cgroup2) setup_cgroups "$value" ;;
    caches) CACHES=$value ;;
    dir) mkdir -p "$value"; DIRS="$DIRS$value
" ;;
    mount) eval "set -- $value"; mount_one "$@"; MOUNTS="$MOUNTS$value
" ;;
    unit) unit ;;
    step) new_step; N=${value%% *}; ID=${value#* } ;;
    argv) ARGV=$value ;;
    before) BEFORE=$value ;;
    after) AFTER=$value ;;
    drop_caches) DROP=$value ;;
    release) RELEASE=$value ;;
    timeout_s) LIMIT=$value ;;
    on_error) ONERR=$value ;;
    memory_budget_bytes) BUDGET=$value ;;
    flush) FLUSH=$value ;;
    verify_source) VSRC=$value ;;
    verify_copy) VCOPY=$value ;;
    run) run_step; new_step ;;
    *) say setup-failed "unknown line in the job: $key"; exit 1 ;;
  esac
done
printf '%s' "$MOUNTS" | while IFS= read -r m; do eval "set -- $m"; umount "$4" 2>/dev/null; done
rm -rf "$S"
