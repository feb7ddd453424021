#!/usr/bin/env bash
# Rendering speed and memory: a journal of 100,000 measurements (10 datasets x 10 filesystems x
# 10 steps x 100 repetitions, seeded random times) rendered with `fsflow report`; the JVM start
# (`fsflow --version`, measured the same way in the same run) is subtracted. Then 10^6
# measurements (the same cells, 1,000 repetitions) once, to see how time and max RSS grow.
# Targets: 10^5 under 2 s after JVM start, max RSS under 256 MB, report.html under 2 MB; 10^6
# under 15 s, max RSS flat (at most 1.25x that of 10^5). RUNS (default 3) runs of the 10^5 case.
# Each figure also as CPU time (user + system, all threads): on a shared host the wall time is what
# the scheduler gives, the CPU time what the work costs; and the fastest run of each beside the
# medians (the targets are judged on the medians).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-3}"
tmp="$(mktemp -d /tmp/fsflow-bench-report.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$root/fsflow" --version >/dev/null
journal() { # DIR REPETITIONS
  mkdir -p "$1"
  python3 - "$1" "$2" <<'PY'
import json, random, sys
out, reps = sys.argv[1], int(sys.argv[2])
rnd = random.Random(1)
steps = ["mkfs", "mount", "copy-in", "copy-within", "walk", "find", "stat", "tar", "delete", "umount"]
with open(f"{out}/results.jsonl", "w") as f:
    for d in range(10):
        for fs in range(10):
            for r in range(1, reps + 1):
                for s in steps:
                    real = rnd.lognormvariate(0, 0.1) * (1 + d) * (1 + steps.index(s))
                    row = {"node": f"d{d}/fs{fs}/r{r}/{s}", "step": s, "dataset": f"d{d}", "filesystem": f"fs{fs}",
                           "repeat": r, "cell": {"dataset": f"d{d}", "filesystem": f"fs{fs}"}, "command": f"run {s}",
                           "status": "ok", "exit_code": 0, "reason": None, "real_s": real, "user_s": real * 0.1,
                           "sys_s": real * 0.3, "cpu_pct": 40, "max_rss_kb": 2000, "minor_faults": 100,
                           "major_faults": 0, "read_bytes": 4096, "write_bytes": 8192, "io_busy_ms": 3,
                           "started_at": "2026-01-01T00:00:00Z", "ended_at": "2026-01-01T00:00:01Z", "metrics": {}}
                    f.write(json.dumps(row) + "\n")
json.dump({"scenario": "report-bench", "campaign": {"title": f"{reps * 1000:,} measurements", "steps": steps}},
          open(f"{out}/environment.json", "w"))
PY
}
journal "$tmp/e5" 100
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for i in $(seq "$runs"); do
  /usr/bin/time -f '%e %U %S' -o "$tmp/t" "$root/fsflow" --version >/dev/null; cat "$tmp/t" >>"$tmp/base"
  /usr/bin/time -f '%e %M %U %S' -o "$tmp/t" "$root/fsflow" report "$tmp/e5" >/dev/null; cat "$tmp/t" >>"$tmp/rep"
done
base=$(cut -d' ' -f1 "$tmp/base" | median)
basecpu=$(awk '{print $2 + $3}' "$tmp/base" | median)
repcpu=$(awk '{print $3 + $4}' "$tmp/rep" | median)
rep=$(cut -d' ' -f1 "$tmp/rep" | median)
repmin=$(cut -d' ' -f1 "$tmp/rep" | sort -n | head -1)
basemin=$(cut -d' ' -f1 "$tmp/base" | sort -n | head -1)
rss=$(cut -d' ' -f2 "$tmp/rep" | sort -n | tail -1)
html=$(wc -c <"$tmp/e5/report.html")
echo "report: $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); $(wc -l <"$tmp/e5/results.jsonl") measurements," \
  "$runs runs (JVM start measured beside them); results.csv $(($(wc -c <"$tmp/e5/results.csv") / 1024)) KiB"
awk -v b="$base" -v r="$rep" -v m="$rss" -v h="$html" -v bc="$basecpu" -v rc="$repcpu" -v rm="$repmin" -v bm="$basemin" 'BEGIN {
  printf "  10^5: fsflow report median %.2f s, JVM start %.2f s, max RSS %d MB, report.html %d KiB\n", r, b, m / 1024, h / 1024
  printf "  10^5: the least disturbed run (fastest of each) %.2f s, JVM start %.2f s: %.2f s after JVM start\n", rm, bm, rm - bm
  printf "  10^5: CPU (user + system) median %.2f s, JVM start %.2f s: %.2f s after JVM start\n", rc, bc, rc - bc
  printf "  10^5: rendering after JVM start %.2f s (target < 2 s): %s\n", r - b, (r - b < 2 ? "met" : "MISSED")
  printf "  10^5: max RSS %d MB (target < 256 MB): %s\n", m / 1024, (m / 1024 < 256 ? "met" : "MISSED")
  printf "  10^5: report.html %d KiB (target < 2 MB): %s\n", h / 1024, (h < 2 * 1024 * 1024 ? "met" : "MISSED") }'
rm -rf "$tmp/e5"
journal "$tmp/e6" 1000
rc=0
/usr/bin/time -f '%e %M %U %S' -o "$tmp/t" "$root/fsflow" report "$tmp/e6" >/dev/null 2>"$tmp/err" || rc=$?
read -r secs kb u6 s6 <<<"$(tail -1 "$tmp/t")"
awk -v b="$base" -v s="$secs" -v m="$kb" -v m5="$rss" -v rc="$rc" -v n="$(wc -l <"$tmp/e6/results.jsonl")" \
    -v c="$(echo "$u6 + $s6" | bc)" -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
  printf "  10^6: %d measurements: %s in %.2f s (CPU %.2f s), max RSS %d MB (%.2fx that of 10^5); load then %s\n", n,
    (rc == 0 ? "rendered" : "FAILED (exit " rc ")"), s, c, m / 1024, m / m5, load
  printf "  10^6: rendering after JVM start %.2f s (target < 15 s): %s\n", s - b, (rc == 0 && s - b < 15 ? "met" : "MISSED")
  printf "  10^6: max RSS flat (target at most 1.25x that of 10^5): %s\n", (rc == 0 && m <= 1.25 * m5 ? "met" : "MISSED") }'
[ "$rc" = 0 ] || head -3 "$tmp/err"
