#!/usr/bin/env bash
# Dataset generation speed and memory, on a tmpfs (and an ext4 loop device), in the same run:
# 1. Against a one-thread C writer (bench/cwriter.c, built here with gcc: per file, fill a buffer
#    from the same SplitMix64 stream, open, write, close; same layout and same bytes, checked with
#    cmp): seed 000's test3 (131,072 files of 16 KiB, 2 GiB, as 128 directories of 1024 files) and
#    16,384 files of 16 KiB, `fsflow dataset` timed whole (launcher and JVM start included), on
#    every core. RUNS (default 3) alternating runs each, medians. Targets: fsflow at least 1.2x
#    the C writer at 131,072 files, at least 0.9x at 16,384. Beside them, the floor: the least a
#    Java program does for the same tree (bench/JavaWriter.java, every core, with the JVM options
#    the launcher gives `fsflow dataset`, no fsflow); a target it misses, no JVM program meets.
# 2. Against other tools, same 131,072 files:
#    fio      fio --rw=write --fallocate=none --openfiles=1 (fio's --create_only only preallocates
#             and writes no content, so it is no fair reference)
#    dd loop  seed 000's gen.sh: one dd if=/dev/urandom per file (1,000 files, rate extrapolated)
#    on a tmpfs and on an ext4 loop device; files/s, MB/s and ratios (JVM start subtracted here).
#    Targets: >= 2x fio, >= 100x the dd loop.
# 3. Memory: fsflow's max RSS for 10^4, 10^5 and 10^6 files (tiny files, on tmpfs); target flat.
# The tmpfs is /dev/shm when it is one (no mount needed), else one the bench mounts. In part 1,
# each run's CPU time (user + system, from GNU time) is printed beside its wall time: a busy host
# stretches the wall time of both programs, far less their CPU. Needs gcc; parts 2 and 3 need root
# (mounts, loop device). ONLY=c runs part 1 alone.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d /tmp/fsflow-bench-ds.XXXXXX)"
dev=""
shm=""
cleanup() {
  for m in "$tmp/tmpfs" "$tmp/ext4"; do mountpoint -q "$m" && umount "$m"; done
  case "$shm" in /dev/shm/fsflow-bench-ds.*) rm -rf "$shm" ;; esac
  [ -n "$dev" ] && losetup -d "$dev"
  rm -rf "$tmp"
}
trap cleanup EXIT
"$root/fsflow" --version >/dev/null
[ "${ONLY:-}" = c ] || command -v fio >/dev/null || { echo "fio is not installed (apt-get install fio)"; exit 1; }

command -v gcc >/dev/null || { echo "gcc is not installed (apt-get install gcc)"; exit 1; }
gcc -O2 -o "$tmp/cwriter" "$root/bench/cwriter.c"
mkdir "$tmp/jw" && javac -d "$tmp/jw" "$root/bench/JavaWriter.java"
# the launcher's options for commands other than run and resume (./fsflow), without the archive
jopts=(-XX:+UseSerialGC -Xmx512m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -XX:TieredStopAtLevel=1 -Xmn32m)

mkdir -p "$tmp/tmpfs" "$tmp/ext4"
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
  shm="$(mktemp -d /dev/shm/fsflow-bench-ds.XXXXXX)"
else
  mount -t tmpfs -o size=8G fsflow-bench "$tmp/tmpfs"
  shm="$tmp/tmpfs"
fi

cat >"$tmp/s.yaml" <<YAML
fsflow: 1
name: bench-datasets
devices: { target: { dir: /tmp } }
datasets:
  same: { dirs: 128, files: 1024, size: 16KiB, seed: 1 }
  small: { dirs: 16, files: 1024, size: 16KiB, seed: 1 }
  n4: { dirs: 10, files: 1000, size: 64 }
  n5: { dirs: 100, files: 1000, size: 64 }
  n6: { dirs: 1000, files: 1000, size: 64 }
matrix: { dataset: [same, small, n4, n5, n6] }
repeat: 3
steps: [ { name: x, run: "true" } ]
YAML
now() { date +%s.%N; }
fresh() { rm -rf "$1"/* 2>/dev/null || true; sync; echo 3 >/proc/sys/vm/drop_caches; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
runs="${RUNS:-3}"
echo "against a one-thread C writer (bench/cwriter.c), tmpfs ($shm), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg);" \
  "fsflow timed whole (JVM start included), median of $runs alternating runs; the trees are the same bytes (diff -r)"
# part 1 neither syncs nor drops caches: a tmpfs needs neither, and both would disturb whatever
# else the machine is measuring
wipe() { rm -rf "$1"/* 2>/dev/null || true; }
wipe "$shm"
"$root/fsflow" dataset "$tmp/s.yaml" small --into "$shm/ff" >/dev/null
"$tmp/cwriter" "$shm/c" 16 1024 16384 1
diff -r -q "$shm/ff" "$shm/c" >/dev/null || { echo "fsflow and the C writer made different trees"; exit 1; }
java "${jopts[@]}" -cp "$tmp/jw" JavaWriter "$shm/j" 16 1024 16384 1
diff -r -q "$shm/j" "$shm/c" >/dev/null || { echo "the Java floor and the C writer made different trees"; exit 1; }
# one timed run: wall time (date, ns) and CPU time (GNU time's user + system) appended to $1
timed() {
  local out="$1" s e
  shift
  s=$(now)
  /usr/bin/time -f '%U %S' -o "$tmp/cpu" "$@" >/dev/null
  e=$(now)
  echo "$(echo "$e - $s" | bc) $(awk '{print $1 + $2}' "$tmp/cpu")" >>"$out"
}
runs_of() { cut -d' ' -f1 "$1" | sort -n | awk '{printf "%s%.2f", (NR > 1 ? " " : ""), $1}'; }
for ds in same small; do
  case $ds in same) dirs=128; target=1.2;; small) dirs=16; target=0.9;; esac
  : >"$tmp/ff.t"; : >"$tmp/c.t"; : >"$tmp/j.t"
  # the tmpfs emptied, caches not dropped: the programs start warm, as a second command does
  # (dropping them makes java read its 130 MB of modules and the archive from disk again)
  for i in $(seq "$runs"); do
    wipe "$shm"; timed "$tmp/ff.t" "$root/fsflow" dataset "$tmp/s.yaml" $ds --into "$shm/ff"
    wipe "$shm"; timed "$tmp/c.t" "$tmp/cwriter" "$shm/c" $dirs 1024 16384 1
    wipe "$shm"; timed "$tmp/j.t" java "${jopts[@]}" -cp "$tmp/jw" JavaWriter "$shm/j" $dirs 1024 16384 1
  done
  ff=$(cut -d' ' -f1 "$tmp/ff.t" | median); c=$(cut -d' ' -f1 "$tmp/c.t" | median); j=$(cut -d' ' -f1 "$tmp/j.t" | median)
  ffcpu=$(cut -d' ' -f2 "$tmp/ff.t" | median); ccpu=$(cut -d' ' -f2 "$tmp/c.t" | median); jcpu=$(cut -d' ' -f2 "$tmp/j.t" | median)
  awk -v n=$((dirs * 1024)) -v a="$ff" -v b="$c" -v t="$target" -v all="$(runs_of "$tmp/ff.t")" \
      -v call="$(runs_of "$tmp/c.t")" -v acpu="$ffcpu" -v bcpu="$ccpu" \
      -v j="$j" -v jall="$(runs_of "$tmp/j.t")" -v jcpu="$jcpu" 'BEGIN {
    printf "  %7d x 16 KiB  fsflow %.2f s (runs: %s) CPU %.2f s  C writer %.2f s (runs: %s) CPU %.2f s\n", n, a, all, acpu, b, call, bcpu
    printf "  %7d x 16 KiB  Java floor %.2f s (runs: %s) CPU %.2f s: %.2fx the C writer, the best of a JVM program here\n", n, j, jall, jcpu, b / j
    printf "  %7d x 16 KiB  fsflow is %.2fx the C writer (target >= %.1fx): %s; %.2fx the Java floor\n", n, b / a, t,
      (b / a >= t ? "met" : (b / j >= t ? "MISSED" : "MISSED, below the Java floor too")), j / a }'
done
echo "  load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
[ "${ONLY:-}" = c ] && exit 0

truncate -s 6G "$tmp/ext4.img"
dev=$(losetup --find --show "$tmp/ext4.img")
mkfs.ext4 -q -F "$dev"
mount "$dev" "$tmp/ext4"

base_start=$(now); "$root/fsflow" --version >/dev/null; jvm=$(echo "$(now) - $base_start" | bc)

printf 'dataset generation: 131,072 files x 16 KiB (2 GiB, seed 000 test3), random content; JVM start %.2f s subtracted from fsflow\n' "$jvm"
printf '  %-6s %-8s %10s %10s\n' where tool files/s MB/s
for where in tmpfs ext4; do
  d="$tmp/$where"
  [ "$where" = ext4 ] || d="$shm"
  fresh "$d"; s=$(now); "$root/fsflow" dataset "$tmp/s.yaml" same --into "$d/ff" >/dev/null; t_ff=$(echo "$(now) - $s - $jvm" | bc)
  fresh "$d"; s=$(now)
  fio --name=gen --directory="$d" --rw=write --bs=16k --filesize=16k --nrfiles=131072 --openfiles=1 \
      --fallocate=none --file_service_type=sequential --ioengine=psync --output=/dev/null >/dev/null 2>&1
  t_fio=$(echo "$(now) - $s" | bc)
  fresh "$d"; mkdir -p "$d/dd"; s=$(now)
  for j in $(seq 1 1000); do dd if=/dev/urandom of="$d/dd/fichier$j" bs=1K count=16 2>/dev/null; done
  t_dd=$(echo "($(now) - $s) * 131.072" | bc)
  for tool in fsflow fio dd-loop; do
    case $tool in fsflow) t=$t_ff;; fio) t=$t_fio;; dd-loop) t=$t_dd;; esac
    awk -v w="$where" -v tool="$tool" -v t="$t" 'BEGIN { printf "  %-6s %-8s %10.0f %10.1f\n", w, tool, 131072/t, 131072*16384/t/1e6 }'
  done
  awk -v w="$where" -v a="$t_ff" -v b="$t_fio" -v c="$t_dd" 'BEGIN {
    printf "  %-6s fsflow is %.1fx fio (target >= 2x: %s) and %.0fx the dd loop (target >= 100x: %s)\n", w, b/a,
      (b/a >= 2 ? "met" : "MISSED"), c/a, (c/a >= 100 ? "met" : "MISSED") }'
done

echo "memory: max RSS of fsflow dataset (64-byte files on tmpfs)"
for n in n4 n5 n6; do
  fresh "$shm"
  /usr/bin/time -f '%M %e' -o "$tmp/t" "$root/fsflow" dataset "$tmp/s.yaml" "$n" --into "$shm/$n" >/dev/null
  read -r kb secs <"$tmp/t"
  case $n in n4) files=10000;; n5) files=100000;; n6) files=1000000;; esac
  printf '  %8d files  max RSS %4d MB  %6.1f s\n' "$files" $((kb / 1024)) "$secs"
done
