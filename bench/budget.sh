#!/usr/bin/env bash
# Memory budget and flush, for real: a 512 MiB dataset (64 x 8 MiB) copied into an ext4 loop
# device three times in one cell, each from a cold cache: under a 128 MiB budget (memory: 128MiB:
# the machine under test has 128 MiB of RAM), without a budget (the host's whole RAM), and without
# a budget but with flush: true (syncfs inside the measured time). Prints what each copy wrote to
# the device during its step, from /proc/diskstats.
# Targets: the budget copy writes at least 80 % of the dataset; the free copy far less (the page
# cache absorbs it); the flushed copy at least 80 %.
# Needs root (loop devices, cgroups). Run it under the machine lock where machines are shared:
#   flock /work/machine.lock bench/budget.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d /var/tmp/fsflow-budget.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$root/fsflow" --version >/dev/null

cat >"$tmp/budget.yaml" <<'YAML'
fsflow: 1
name: bench-budget
devices:
  source: { loop: { size: 2G }, filesystem: ext4 }
  target: { loop: { size: 4G } }
filesystems: { ext4: {} }
datasets: { d: { dirs: 1, files: 64, size: 8MiB } }
matrix: { dataset: [d], filesystem: [ext4] }
steps:
  - mkfs
  - mount
  - name: copy-budget
    run: cp -r ${dataset.path} ${target.mnt}/budget
    drop_caches: true
    memory: 128MiB
  - name: copy-free
    run: cp -r ${dataset.path} ${target.mnt}/free
    drop_caches: true
  - name: copy-flush
    run: cp -r ${dataset.path} ${target.mnt}/flush
    drop_caches: true
    flush: true
  - umount
YAML
"$root/fsflow" run "$tmp/budget.yaml" --out "$tmp/out" --work "$tmp/work" >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; exit 1; }

python3 - "$tmp" <<'PY'
import json, sys
rows = {r["step"]: r for r in map(json.loads, open(f"{sys.argv[1]}/out/results.jsonl"))}
data = 512 << 20
print("memory budget and flush: 512 MiB copied into ext4 on a loop device, cold cache, one run")
print(f"  {'step':12} {'budget':>8} {'real s':>8} {'flush s':>8} {'written MiB':>12} {'of dataset':>11}   verdict")
for step, target in (("copy-budget", "high"), ("copy-free", "low"), ("copy-flush", "high")):
    r = rows[step]
    w = r["write_bytes"]
    share = 100 * w / data
    budget = r.get("memory_budget_bytes")
    flush = r.get("flush_s")
    ok = share >= 80 if target == "high" else share < 40
    print(f"  {step:12} {(str(budget >> 20) + ' MiB') if budget else 'none':>8} {r['real_s']:8.3f} "
          f"{flush if flush is not None else '-':>8} {w / 2**20:12.1f} {share:10.1f} %   "
          f"{'met' if ok else 'MISSED'} (target {'>= 80 %' if target == 'high' else 'far less'})")
PY
