#!/usr/bin/env bash
# Crash consistency: a loop-device campaign interrupted N times at uniformly random instants over
# its whole length (JVM start, validation, set-up, dataset generation, mkfs, steps, teardown,
# report), each time one of six ways in turn, as users' machines interrupt runs:
#   INT          SIGINT to fsflow alone
#   INT-group    SIGINT to its process group (a terminal's Ctrl-C: the running step gets it too)
#   TERM         SIGTERM to fsflow alone
#   KILL         SIGKILL of fsflow alone
#   KILL-kids    SIGKILL of its descendants (the running step) first, then of fsflow at once
#   KILL-group   SIGKILL of the whole process group at once (kill -9 -PGID, timeout -s KILL of a
#                group, a service manager stopping a unit)
# then answered as a script that always answers an interruption would: `fsflow resume DIR` until it
# ends, and when resume finds nothing to resume (exit 4: the kill came before the launcher's first
# milliseconds recorded the command) the run itself. Prints per way the count of good ends (every
# measured node ok exactly once, no failed step, the report rendered), of resumes that started the
# run afresh from its launch.json (the kill came before run.json), of restarts (exit 4) and of
# leftovers (loop devices, mounts, cgroups, zfs-fuse daemons, qemu processes); then the time taken
# and the load average before and after. Target: N of N good ends, no leftovers. Needs root; run it
# alone (it takes the host lock). FAULTS_MINUTES=M starts no trial after M minutes (the figures
# then count the trials run); FAULTS_WITHIN_MS=T draws the instants in the first T ms only (the
# launcher, the JVM's start, validation: the first instant).
#   bench/faults.sh [N]        (default 100; about 15 s a trial on a busy 2-core host)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
trials="${1:-100}"
tmp="$(mktemp -d /var/tmp/fsflow-faults.XXXXXX)"
chmod 700 "$tmp"
trap 'rm -rf "$tmp"' EXIT
fsflow="$root/fsflow"
"$fsflow" --version >/dev/null

cat >"$tmp/faults.yaml" <<'YAML'
fsflow: 1
name: bench-faults
title: Crash-consistency soak
devices:
  target: { loop: { size: 512MiB } }
filesystems: { ext4: {}, xfs: {} }
datasets:
  small: { dirs: 16, files: 32, size: 16KiB, seed: 1 }
matrix: { dataset: [small], filesystem: [ext4, xfs] }
repeat: 2
steps:
  - mkfs
  - mount
  - name: copy-in
    run: cp -r --reflink=never ${dataset.path} ${target.mnt}
  - name: walk
    run: du -s ${target.mnt}/${dataset.name}
  - name: delete
    run: rm -rf ${target.mnt}/${dataset.name}
  - umount
YAML
expected="$("$fsflow" plan "$tmp/faults.yaml" --format json | python3 -c \
  'import json,sys; print(sum(1 for n in json.load(sys.stdin)["nodes"] if n["kind"]=="step"))')"

fsflow_cgroups() { find /sys/fs/cgroup -maxdepth 6 -type d -name 'fsflow*' 2>/dev/null | sort; }
# cgroups named fsflow* that were there before the soak (another tool's) are not a trial's
fsflow_cgroups >"$tmp/cgroups.before"

leftovers() { # what a trial left behind: loop devices or mounts of its work dir, cgroups, daemons
  local work="$1" n=0
  n=$((n + $(losetup --noheadings --output BACK-FILE --list 2>/dev/null | grep -c "$work" || true)))
  n=$((n + $(grep -c " $work" /proc/mounts || true)))
  n=$((n + $(fsflow_cgroups | comm -13 "$tmp/cgroups.before" - | wc -l)))
  n=$((n + $(pgrep -c -f '^(zfs-fuse|qemu-system)' || true)))
  echo "$n"
}

# the length of an uninterrupted run, over which the instants are drawn
start=$(date +%s%N)
"$fsflow" run "$tmp/faults.yaml" --out "$tmp/clean" --work "$tmp/clean-work" >"$tmp/clean.log" 2>&1 \
  || { cat "$tmp/clean.log"; exit 1; }
length_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "faults: $expected measured nodes; an uninterrupted run takes ${length_ms} ms; $trials trials"

ways=(INT INT-group TERM KILL KILL-kids KILL-group)
declare -A good bad left restarts afresh
for w in "${ways[@]}"; do good[$w]=0 bad[$w]=0 left[$w]=0 restarts[$w]=0 afresh[$w]=0; done
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
began=$(date +%s)

descendants() { # every descendant of pid $1, children before grandchildren
  local kids k
  kids=$(ps -o pid= --ppid "$1" 2>/dev/null || true)
  for k in $kids; do echo "$k"; descendants "$k"; done
}

interrupt() { # interrupt fsflow (pid $2, leader of its own process group) the way $1
  case "$1" in
    INT) kill -s INT "$2" ;;
    INT-group) kill -s INT -- "-$2" ;;
    TERM) kill -s TERM "$2" ;;
    KILL) kill -s KILL "$2" ;;
    KILL-kids)
      local kids
      kids=$(descendants "$2")
      [ -z "$kids" ] || kill -s KILL $kids
      kill -s KILL "$2" ;;
    KILL-group) kill -s KILL -- "-$2" ;;
  esac
}

ran=0
for ((t = 1; t <= trials; t++)); do
  if [ -n "${FAULTS_MINUTES:-}" ] && (($(date +%s) - began >= FAULTS_MINUTES * 60)); then
    echo "faults: stopped after $ran trials: FAULTS_MINUTES=$FAULTS_MINUTES reached"
    break
  fi
  ran=$t
  way=${ways[$(((t - 1) % ${#ways[@]}))]}
  at_ms=$(python3 -c "import random; print(random.randrange(${FAULTS_WITHIN_MS:-$length_ms}))")
  out="$tmp/t$t/out" work="$tmp/t$t/work" log="$tmp/t$t/run.log"
  mkdir -p "$tmp/t$t"
  # its own session and process group, as a command typed at a terminal has; and SIGINT not
  # ignored: a script's background command starts with SIGINT and SIGQUIT ignored, and the JVM
  # keeps an ignored SIGINT ignored (an interrupt would then not interrupt at all)
  setsid env --default-signal=INT,QUIT "$fsflow" run "$tmp/faults.yaml" --out "$out" --work "$work" >"$log" 2>&1 &
  pid=$!
  sleep "$(printf '%d.%03d' $((at_ms / 1000)) $((at_ms % 1000)))"
  interrupt "$way" "$pid" 2>/dev/null || true
  wait "$pid" || true
  ok=0
  for attempt in 1 2 3; do
    rc=0
    "$fsflow" resume "$out" >>"$log" 2>&1 || rc=$?
    if [ "$rc" = 4 ]; then
      restarts[$way]=$((restarts[$way] + 1))
      rc=0
      "$fsflow" run "$tmp/faults.yaml" --out "$out" --work "$work" >>"$log" 2>&1 || rc=$?
    fi
    [ "$rc" = 0 ] && ok=1 && break
  done
  grep -q '^the run was stopped before it recorded its settings' "$log" && afresh[$way]=$((afresh[$way] + 1))
  if [ "$ok" = 1 ]; then
    ok=$(python3 - "$out" "$expected" <<'PY'
import collections, json, os, sys
out, expected = sys.argv[1], int(sys.argv[2])
rows = [json.loads(l) for l in open(os.path.join(out, "results.jsonl"))]
count = collections.Counter(r["node"] for r in rows)
good = (len(count) == expected and all(c == 1 for c in count.values())
        and all(r["status"] == "ok" for r in rows)
        and os.path.getsize(os.path.join(out, "report.html")) > 0)
print(1 if good else 0)
PY
    ) || ok=0
  fi
  l=$(leftovers "$work")
  if [ "$ok" = 1 ]; then good[$way]=$((good[$way] + 1)); else bad[$way]=$((bad[$way] + 1)); echo "trial $t: $way at ${at_ms} ms: bad end (log $tmp/t$t/run.log kept)"; fi
  if [ "$l" != 0 ]; then left[$way]=$((left[$way] + l)); echo "trial $t: $way at ${at_ms} ms: $l leftovers"; fi
  [ "$ok" = 1 ] && [ "$l" = 0 ] && rm -rf "$tmp/t$t"
done
total_good=0 total_left=0
for w in "${ways[@]}"; do
  total_good=$((total_good + good[$w])) total_left=$((total_left + left[$w]))
  printf '%-10s good ends %3d of %3d, started afresh from launch.json %d, restarts (nothing recorded) %d, leftovers %d\n' \
    "$w" "${good[$w]}" "$((good[$w] + bad[$w]))" "${afresh[$w]}" "${restarts[$w]}" "${left[$w]}"
done
took=$(($(date +%s) - began))
echo "faults: $ran trials in $((took / 60)) min $((took % 60)) s; load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after"
printf 'faults: %d of %d good ends, %d leftovers (target: %d of %d, 0): %s\n' "$total_good" "$ran" \
  "$total_left" "$ran" "$ran" "$([ "$total_good" = "$ran" ] && [ "$total_left" = 0 ] && echo met || echo MISSED)"
if [ "$total_good" != "$ran" ] || [ "$total_left" != 0 ]; then trap - EXIT; echo "logs of bad trials kept in $tmp"; fi
