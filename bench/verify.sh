#!/usr/bin/env bash
# A copy's check (a step's verify:) against the device it reads from, in the same run, caches
# dropped before every timing: on an ext4 loop device (an image in /var/tmp, so on this machine's
# disk), three datasets shaped like seed 000's: 3 files of 1 GiB (test1's shape), 512 files of
# 4 MiB in 8 directories (test2's) and 32,768 files of 16 KiB in 32 directories (test3's).
#   floor   reading every file of the tree and nothing else: cat with one and with every core
#           (find | xargs -P), the faster of the two; what no check can beat
#   check   fsflow dataset --check (the copy check: pieces of 4 MiB, large files split, no
#           checksum), its own printed time (JVM start left out)
#   reuse   fsflow dataset --into an existing tree (the reuse check, which a copy's check was until
#           it had its own path: one chunk of 256 files a thread, a CRC32C and a manifest), wall
#           time less a JVM start (fsflow --version, median)
# RUNS (default 3) rounds, the three in turn in each; medians; the ratio is floor time over check
# time (1.00x: at the device's read speed). Target: check at least 0.9x the floor. Needs root.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d /var/tmp/fsflow-bench-verify.XXXXXX)"
chmod 700 "$tmp"
dev=""
cleanup() {
  mountpoint -q "$tmp/mnt" && umount "$tmp/mnt"
  [ -n "$dev" ] && losetup -d "$dev"
  rm -rf "$tmp"
}
trap cleanup EXIT
"$root/fsflow" --version >/dev/null
truncate -s 12G "$tmp/ext4.img"
dev=$(losetup --find --show "$tmp/ext4.img")
mkfs.ext4 -q -F "$dev"
mkdir "$tmp/mnt"
mount "$dev" "$tmp/mnt"
cat >"$tmp/s.yaml" <<YAML
fsflow: 1
name: bench-verify
devices: { target: { dir: /tmp } }
datasets:
  large: { depth: 0, files: 3, size: 1GiB, seed: 1 }
  medium: { dirs: 8, files: 64, size: 4MiB, seed: 1 }
  small: { dirs: 32, files: 1024, size: 16KiB, seed: 1 }
matrix: { dataset: [large, medium, small] }
repeat: 3
steps: [ { name: x, run: "true" } ]
YAML
now() { date +%s.%N; }
cold() { sync; echo 3 >/proc/sys/vm/drop_caches; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
runs="${RUNS:-3}"
cores="$(nproc)"
for i in 1 2 3; do s=$(now); "$root/fsflow" --version >/dev/null; echo "$(now) - $s" | bc; done >"$tmp/start"
start="$(median <"$tmp/start")"
echo "copy check against the device's read speed: ext4 on a loop device over $(df --output=source /var/tmp | tail -1)," \
  "$cores cores, load $(cut -d' ' -f1 /proc/loadavg); caches dropped before each timing; median of $runs rounds;" \
  "JVM start $start s"
printf '%-8s %9s %9s %9s %9s %9s %10s %10s\n' dataset MiB cat cat-P check reuse check/floor reuse/floor
for name in large medium small; do
  tree="$tmp/mnt/$name"
  "$root/fsflow" dataset "$tmp/s.yaml" "$name" --into "$tree" >/dev/null 2>&1
  mib=$(du -sm --apparent-size "$tree" | cut -f1)
  : >"$tmp/cat" && : >"$tmp/catp" && : >"$tmp/check" && : >"$tmp/reuse"
  for ((r = 1; r <= runs; r++)); do
    cold; s=$(now); find "$tree" -type f -print0 | xargs -0 cat >/dev/null; echo "$(now) - $s" | bc >>"$tmp/cat"
    cold; s=$(now); find "$tree" -type f -print0 | xargs -0 -P "$cores" -n 64 cat >/dev/null
    echo "$(now) - $s" | bc >>"$tmp/catp"
    cold
    out=$("$root/fsflow" dataset "$tmp/s.yaml" "$name" --check "$tree" 2>/dev/null)
    case "$out" in *"is exactly"*) ;; *) echo "the check failed: $out"; exit 1 ;; esac
    echo "$out" | sed -E 's/.*checked in ([0-9.]+) s/\1/' >>"$tmp/check"
    cold; s=$(now); "$root/fsflow" dataset "$tmp/s.yaml" "$name" --into "$tree" >/dev/null 2>&1
    echo "$(now) - $s - $start" | bc >>"$tmp/reuse"
  done
  c=$(median <"$tmp/cat") cp=$(median <"$tmp/catp") k=$(median <"$tmp/check") u=$(median <"$tmp/reuse")
  floor=$(echo "if ($c < $cp) $c else $cp" | bc -l)
  printf '%-8s %9d %8.2fs %8.2fs %8.2fs %8.2fs %9.2fx %9.2fx\n' "$name" "$mib" "$c" "$cp" "$k" "$u" \
    "$(echo "$floor / $k" | bc -l)" "$(echo "$floor / $u" | bc -l)"
  rm -rf "$tree"
done
