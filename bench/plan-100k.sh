#!/usr/bin/env bash
# Planning speed and memory: a scenario that expands to 100,000 measured nodes
# (10 datasets x 10 filesystems x 100 repetitions x 10 steps), planned and printed as JSON.
# The reference is the JVM start itself (fsflow --version), measured the same way, so the
# figure printed is the time planning adds after JVM start. The heap is capped at 256 MB: the
# run failing would mean the target is missed.
# Target: under 1 s and 256 MB after JVM start.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-5}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
scenario="$tmp/plan-100k.yaml"
{
  echo "fsflow: 1"
  echo "name: plan-100k"
  echo "devices:"
  echo "  target: { loop: { size: 8G } }"
  echo "filesystems:"
  for i in $(seq 1 10); do echo "  fs$i: { type: ext4, mount_options: [noatime] }"; done
  echo "datasets:"
  for i in $(seq 1 10); do echo "  d$i: { dirs: 4, files: 16, size: 4KiB }"; done
  echo "matrix:"
  echo "  dataset: [$(seq -s, -f 'd%g' 1 10)]"
  echo "  filesystem: [$(seq -s, -f 'fs%g' 1 10)]"
  echo "repeat: 100"
  echo "steps:"
  echo "  - mkfs"
  echo "  - mount"
  for s in copy-in copy-within walk find stat tar delete; do
    echo "  - name: $s"
    echo "    run: cp -r \${dataset.path} \${target.mnt}/$s-\${repeat}"
  done
  echo "  - umount"
} >"$scenario"

"$root/fsflow" --version >/dev/null   # build once, outside the timings
measure() { # prints "seconds max_rss_kb" of one run of the command
  /usr/bin/time -f '%e %M' -o "$tmp/t" "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  cat "$tmp/t"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

export FSFLOW_JAVA_OPTS="-Xmx256m"
for i in $(seq "$runs"); do measure "$root/fsflow" --version; done >"$tmp/base"
for i in $(seq "$runs"); do measure "$root/fsflow" plan "$scenario" --format json; done >"$tmp/plan"
nodes=$(grep -c '"kind" : "step"' "$tmp/out")
base=$(cut -d' ' -f1 "$tmp/base" | median)
plan=$(cut -d' ' -f1 "$tmp/plan" | median)
rss_base=$(cut -d' ' -f2 "$tmp/base" | median)
rss_plan=$(cut -d' ' -f2 "$tmp/plan" | sort -n | tail -1)
echo "plan-100k: $nodes measured nodes, JSON $(wc -c <"$tmp/out") bytes, $runs runs each, heap capped at 256 MB"
awk -v b="$base" -v p="$plan" -v rb="$rss_base" -v rp="$rss_plan" 'BEGIN {
  printf "  JVM start (fsflow --version)  median %.2f s   max RSS %d MB\n", b, rb/1024
  printf "  fsflow plan --format json     median %.2f s   max RSS %d MB\n", p, rp/1024
  printf "  planning after JVM start      %.2f s (target < 1 s): %s\n", p-b, (p-b < 1 ? "met" : "MISSED")
  printf "  memory                        fits a 256 MB heap; RSS above JVM start %d MB (target < 256 MB): %s\n", (rp-rb)/1024, ((rp-rb)/1024 < 256 ? "met" : "MISSED")
}'
