#!/usr/bin/env bash
# Dataset generation speed and memory. Seed 000's test3 (131,072 files of 16 KiB, 2 GiB, random
# content; fsflow writes it as 128 directories of 1024 files, fio as one directory) written by:
#   fsflow   fsflow dataset (SplitMix64 per file, every core)
#   fio      fio --rw=write --fallocate=none --openfiles=1 (fio's --create_only only preallocates
#            and writes no content, so it is no fair reference)
#   dd loop  seed 000's gen.sh: one dd if=/dev/urandom per file (1,000 files, rate extrapolated)
# on a tmpfs and on an ext4 loop device, in the same run; files/s, MB/s and ratios.
# Then memory: fsflow's max RSS for 10^4, 10^5 and 10^6 files (tiny files, on tmpfs).
# Targets: >= 2x fio, >= 100x the dd loop, memory flat. Needs root (mounts, loop device).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d /tmp/fsflow-bench-ds.XXXXXX)"
dev=""
cleanup() {
  for m in "$tmp/tmpfs" "$tmp/ext4"; do mountpoint -q "$m" && umount "$m"; done
  [ -n "$dev" ] && losetup -d "$dev"
  rm -rf "$tmp"
}
trap cleanup EXIT
"$root/fsflow" --version >/dev/null
command -v fio >/dev/null || { echo "fio is not installed (apt-get install fio)"; exit 1; }

mkdir -p "$tmp/tmpfs" "$tmp/ext4"
mount -t tmpfs -o size=8G fsflow-bench "$tmp/tmpfs"
truncate -s 6G "$tmp/ext4.img"
dev=$(losetup --find --show "$tmp/ext4.img")
mkfs.ext4 -q -F "$dev"
mount "$dev" "$tmp/ext4"

cat >"$tmp/s.yaml" <<YAML
fsflow: 1
name: bench-datasets
devices: { target: { dir: /tmp } }
datasets:
  same: { dirs: 128, files: 1024, size: 16KiB, seed: 1 }
  n4: { dirs: 10, files: 1000, size: 64 }
  n5: { dirs: 100, files: 1000, size: 64 }
  n6: { dirs: 1000, files: 1000, size: 64 }
matrix: { dataset: [same, n4, n5, n6] }
repeat: 3
steps: [ { name: x, run: "true" } ]
YAML
now() { date +%s.%N; }
fresh() { rm -rf "$1"/* 2>/dev/null || true; sync; echo 3 >/proc/sys/vm/drop_caches; }
base_start=$(now); "$root/fsflow" --version >/dev/null; jvm=$(echo "$(now) - $base_start" | bc)

printf 'dataset generation: 131,072 files x 16 KiB (2 GiB, seed 000 test3), random content; JVM start %.2f s subtracted from fsflow\n' "$jvm"
printf '  %-6s %-8s %10s %10s\n' where tool files/s MB/s
for where in tmpfs ext4; do
  d="$tmp/$where"
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
  fresh "$tmp/tmpfs"
  /usr/bin/time -f '%M %e' -o "$tmp/t" "$root/fsflow" dataset "$tmp/s.yaml" "$n" --into "$tmp/tmpfs/$n" >/dev/null
  read -r kb secs <"$tmp/t"
  case $n in n4) files=10000;; n5) files=100000;; n6) files=1000000;; esac
  printf '  %8d files  max RSS %4d MB  %6.1f s\n' "$files" $((kb / 1024)) "$secs"
done
