#!/usr/bin/env bash
# The cost of running a cell in a VM: the same steps (mkfs, mount, copy 1,000 files of 16 KiB
# from the source, walk, delete, umount) on ext4 on the host (loop device) and on ext4 in a
# QEMU guest under Debian's 6.1 kernel (KVM when the boot probe allows it, else TCG), three
# repetitions each, through fsflow itself. Prints the mean real time per step on each side, the
# VM/host ratio, and the VM's boot time. Guest figures come from the guest's clock (GNU time,
# 10 ms resolution). No target: the ratio says how far VM cells are from host cells, which is
# why reports never rank one against the other. Needs root and the machine to itself.
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
  - name: copy
    run: cp -r \${dataset.path} \${target.mnt} && sync
  - name: walk
    run: du -s \${target.mnt}
  - name: delete
    run: rm -rf \${target.mnt}/small && sync
  - umount
YAML

"$root/fsflow" run "$tmp/vm.yaml" --out "$tmp/out" --work "$tmp/work" >"$tmp/run.log" 2>&1 || {
  cat "$tmp/run.log"; exit 1; }
grep -E '^VM |booted in' "$tmp/run.log" | sed 's/^/# /'
echo "step      host_s    vm_s      vm/host"
jq -r 'select(.status == "ok") | [.step, .filesystem, .real_s] | @tsv' "$tmp/out/results.jsonl" |
  awk -F'\t' '{ s[$1 "\t" $2] += $3; n[$1 "\t" $2]++; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
    END { for (i = 1; i <= k; i++) { st = order[i]; h = s[st "\text4"] / n[st "\text4"];
            v = s[st "\text4-vm"] / n[st "\text4-vm"];
            printf "%-9s %-9.3f %-9.3f %s\n", st, h, v, (h > 0 ? sprintf("%.1fx", v / h) : "-") } }'
