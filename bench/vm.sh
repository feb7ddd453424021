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
# Guests' fixed costs: QEMU runs twice, with its three cell repetitions in one guest (vm: reuse,
# the default: one boot, the guest's mounts undone, disks released and caches dropped between
# repetitions) and with a guest booted for each (--set vm.reuse=false, column qemu-fresh). For
# each, the last table gives the boots, the wall time per guest cell repetition (from the end of
# the row before it to the end of its last row, host clock) and what it cost beyond its measured
# steps (boot, job hand-over, images, result streaming, the reset between repetitions), side by
# side, and the saving.
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

place() { # NAME ACCEL [--set ...]: one fsflow run with the guest machine ACCEL (empty: the boot probe decides)
  local name="$1" accel="$2"; shift 2
  FSFLOW_VM_ACCEL="$accel" "$root/fsflow" run "$tmp/vm.yaml" --out "$tmp/out-$name" --work "$tmp/work" "$@" \
    >"$tmp/run-$name.log" 2>&1 || { cat "$tmp/run-$name.log"; exit 1; }
  set -- "$name" "$accel"
  grep -E '^VM |booted in|^user-mode Linux' "$tmp/run-$1.log" | sed "s/^/# $1: /"
  jq -r --arg p "$1" 'select(.status == "ok") | [.step, (if .virt == "host" then "host" else $p end), .real_s]
    | @tsv' "$tmp/out-$1/results.jsonl" >>"$tmp/rows.tsv"
}
load() { echo "# load average ($1): $(cut -d' ' -f1-3 /proc/loadavg)"; }
load start
: >"$tmp/rows.tsv"
place qemu ""
place qemu-fresh "" --set vm.reuse=false
places="qemu qemu-fresh"
if [ -x /usr/bin/linux.uml ]; then
  place uml uml
  places="$places uml"
else
  echo "# uml: not measured: /usr/bin/linux.uml missing (apt-get install user-mode-linux)"
fi
load end
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

# per guest cell repetition: wall from the end of the row before it to the end of its last row, and
# that wall less its measured steps (the fixed cost), the rows taken in the order they ended; the
# fixed cost also for the first repetition of each guest (its boot included) and the later ones
fixed() { # NAME
  local boots
  boots=$(grep -c '^VM .*cell repetitions' "$tmp/run-$1.log" || true)
  jq -r '[(.ended_at | sub("\\.[0-9]+Z$"; "Z") | fromdateiso8601)
           + ((.ended_at | capture("(?<f>\\.[0-9]+)Z$").f // "0") | tonumber),
          (if .virt == "host" or .virt == null then "host" else "guest" end),
          (.cell | tostring) + "/r" + (.repeat | tostring), (.real_s // 0), (.guest_repetition // 1)] | @tsv' \
    "$tmp/out-$1/results.jsonl" | sort -n |
    awk -F'\t' -v boots="$boots" -v name="$1" '
      { if ($2 == "guest" && NR > 1) {
          if (!($3 in wall)) { n++; rank[$3] = $5 }
          wall[$3] += $1 - prev; steps[$3] += $4 }
        prev = $1 }
      END { for (u in wall) { w += wall[u]; s += steps[u]; f = wall[u] - steps[u]
              if (rank[u] == 1) { f1 += f; n1++ } else { f2 += f; n2++ } }
        printf "%-11s %-6d %-6d %-11.2f %-11.2f %-11.2f %-12s %-12s\n", name, boots, n, w / n, s / n, (w - s) / n,
          (n1 ? sprintf("%.2f", f1 / n1) : "-"), (n2 ? sprintf("%.2f", f2 / n2) : "-") }'
}
echo
echo "# guests' fixed cost per cell repetition (vm: reuse against a guest booted for each)"
printf '%-11s %-6s %-6s %-11s %-11s %-11s %-12s %-12s\n' run boots reps wall/rep_s steps/rep_s fixed/rep_s \
  fixed_1st_s fixed_later_s
fixed qemu | tee "$tmp/fixed-reused"
fixed qemu-fresh | tee "$tmp/fixed-fresh"
case " $places " in *" uml "*) fixed uml ;; esac
paste "$tmp/fixed-reused" "$tmp/fixed-fresh" | awk '{
  printf "saving with reuse: %.2f s of wall time per guest cell repetition (%.1f s against %.1f s, x%.2f),", $12 - $4, $4, $12, ($4 > 0 ? $12 / $4 : 0)
  printf " %.2f s of fixed cost (%.0f %% of it)\n", $14 - $6, ($14 > 0 ? 100 * ($14 - $6) / $14 : 0) }'
