#!/usr/bin/env bash
# Rendering speed: a journal of 100,000 measurements (10 datasets x 10 filesystems x 10 steps x
# 100 repetitions, seeded random times) rendered with `fsflow report`; the JVM start
# (`fsflow --version`) is measured the same way and subtracted. Target: under 5 s after JVM start.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-3}"
tmp="$(mktemp -d /tmp/fsflow-bench-report.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$root/fsflow" --version >/dev/null
python3 - "$tmp" <<'PY'
import json, random, sys
out = sys.argv[1]
rnd = random.Random(1)
steps = ["mkfs", "mount", "copy-in", "copy-within", "walk", "find", "stat", "tar", "delete", "umount"]
with open(f"{out}/results.jsonl", "w") as f:
    for d in range(10):
        for fs in range(10):
            for r in range(1, 101):
                for s in steps:
                    real = rnd.lognormvariate(0, 0.1) * (1 + d) * (1 + steps.index(s))
                    row = {"node": f"d{d}/fs{fs}/r{r}/{s}", "step": s, "dataset": f"d{d}", "filesystem": f"fs{fs}",
                           "repeat": r, "cell": {"dataset": f"d{d}", "filesystem": f"fs{fs}"}, "command": f"run {s}",
                           "status": "ok", "exit_code": 0, "reason": None, "real_s": real, "user_s": real * 0.1,
                           "sys_s": real * 0.3, "cpu_pct": 40, "max_rss_kb": 2000, "minor_faults": 100,
                           "major_faults": 0, "read_bytes": 4096, "write_bytes": 8192, "io_busy_ms": 3,
                           "started_at": "2026-01-01T00:00:00Z", "ended_at": "2026-01-01T00:00:01Z", "metrics": {}}
                    f.write(json.dumps(row) + "\n")
json.dump({"scenario": "report-100k", "campaign": {"title": "100,000 measurements", "steps": steps}},
          open(f"{out}/environment.json", "w"))
PY
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for i in $(seq "$runs"); do /usr/bin/time -f '%e' -o "$tmp/t" "$root/fsflow" --version >/dev/null; cat "$tmp/t"; done >"$tmp/base"
for i in $(seq "$runs"); do /usr/bin/time -f '%e %M' -o "$tmp/t" "$root/fsflow" report "$tmp" >/dev/null; cat "$tmp/t"; done >"$tmp/rep"
base=$(median <"$tmp/base")
rep=$(cut -d' ' -f1 "$tmp/rep" | median)
rss=$(cut -d' ' -f2 "$tmp/rep" | sort -n | tail -1)
echo "report-100k: $(wc -l <"$tmp/results.jsonl") measurements, report.html $(($(wc -c <"$tmp/report.html") / 1024)) KiB, $runs runs"
awk -v b="$base" -v r="$rep" -v m="$rss" 'BEGIN {
  printf "  fsflow report median %.2f s, JVM start %.2f s, max RSS %d MB\n", r, b, m / 1024
  printf "  rendering after JVM start %.2f s (target < 5 s): %s\n", r - b, (r - b < 5 ? "met" : "MISSED") }'
