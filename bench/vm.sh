#!/usr/bin/env bash
# The cost of running a cell in a guest: the same steps (mkfs, mount, a bare process start, copy
# 1,000 files of 16 KiB from the source, walk, delete, umount) on ext4 on the host (loop device),
# on ext4 in a QEMU guest under Debian's 6.1 kernel (KVM when the boot probe allows it, else TCG)
# and on ext4 in a user-mode Linux guest (Debian's linux.uml, 6.1; FSFLOW_VM_ACCEL=uml), three
# repetitions each, through fsflow itself: two runs of one scenario, one per guest machine, each
# with its host cells (the reference, measured in the same bench). Prints the mean real time per
# step in each place, each guest's ratio to the host, and each guest's boot time. Guest figures
# come from the guest's own clock. No target: the ratios say how far guest cells are from host
# cells, which is why reports never rank one against the other. Needs root and the machine to
# itself; without user-mode-linux installed the UML column says so.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-3}"
tmp="$(mktemp -d /var/tmp/fsflow-bench-vm.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$root/fsflow" --version >/dev/null

cat >"$tmp/vm.yaml" <<YAML
fsflow: 1
name: bench-vm
devices:
  source: { loop: { size: 1G }, filesystem: ext4 }
  target: { loop: { size: 1G } }
kernels:
  debian-6.1: { debian: linux-image-6.1.0-57-amd64 }
filesystems:
  ext4: {}
  ext4-vm: { type: ext4, kernel: debian-6.1 }
datasets:
  small: { dirs: 10, files: 100, size: 16KiB }
matrix:
  filesystem: [ext4, ext4-vm]
  dataset: [small]
repeat: $runs
steps:
  - mkfs
  - mount
  - name: start
    run: "true"
  - name: copy
    run: cp -r \${dataset.path} \${target.mnt} && sync
  - name: walk
    run: du -s \${target.mnt}
  - name: delete
    run: rm -rf \${target.mnt}/small && sync
  - umount
YAML

place() { # NAME ACCEL: one fsflow run with the guest machine ACCEL (empty: the boot probe decides)
  FSFLOW_VM_ACCEL="$2" "$root/fsflow" run "$tmp/vm.yaml" --out "$tmp/out-$1" --work "$tmp/work" \
    >"$tmp/run-$1.log" 2>&1 || { cat "$tmp/run-$1.log"; exit 1; }
  grep -E '^VM |booted in|^user-mode Linux' "$tmp/run-$1.log" | sed "s/^/# $1: /"
  jq -r --arg p "$1" 'select(.status == "ok") | [.step, (if .virt == "host" then "host" else $p end), .real_s]
    | @tsv' "$tmp/out-$1/results.jsonl" >>"$tmp/rows.tsv"
}
: >"$tmp/rows.tsv"
place qemu ""
places="qemu"
if [ -x /usr/bin/linux.uml ]; then
  place uml uml
  places="qemu uml"
else
  echo "# uml: not measured: /usr/bin/linux.uml missing (apt-get install user-mode-linux)"
fi
printf '%-9s %-9s' step host_s
for p in $places; do printf ' %-9s %-9s' "${p}_s" "$p/host"; done
echo
awk -F'\t' -v places="$places" '
  { s[$1 "\t" $2] += $3; n[$1 "\t" $2]++; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
  END { np = split(places, pl, " ")
    for (i = 1; i <= k; i++) { st = order[i]; h = s[st "\thost"] / n[st "\thost"]
      printf "%-9s %-9.3f", st, h
      for (j = 1; j <= np; j++) { key = st "\t" pl[j]
        if (n[key] == 0) { printf " %-9s %-9s", "-", "-"; continue }
        v = s[key] / n[key]; printf " %-9.3f %-9s", v, (h > 0 ? sprintf("%.1fx", v / h) : "-") }
      printf "\n" } }' "$tmp/rows.tsv"
