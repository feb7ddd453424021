#!/usr/bin/env bash
# Import speed and memory: 10^6 hyperfine times (one command, `hyperfine --export-json` shape) and
# 200,000 bonnie++ 1.03 CSV lines (the first line of seed 003, repeated), each imported with
# `fsflow import` under the launcher's own 512 MiB heap (the import writes results.jsonl, then
# renders the report). Beside each, in the same run, a reference: python3 reading the same file and
# writing one JSON line per value, what an import must do at the least. Prints wall time, CPU time
# and max RSS of both, and fsflow's ratio to the reference. Targets: seconds, not minutes, and a max
# RSS that does not grow with the input (the rows are written in batches as they are read).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d /tmp/fsflow-bench-import.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$root/fsflow" --version >/dev/null
python3 - "$tmp" "$root/scenarios/sources/003_a26474cb6c666977.txt" <<'PY'
import json, sys
tmp, seed = sys.argv[1], sys.argv[2]
times = [0.001 * (i % 100 + 1) for i in range(1000000)]
json.dump({"results": [{"command": "x", "mean": 0.05, "stddev": 0.03, "median": 0.05, "user": 0, "system": 0,
                        "min": 0.001, "max": 0.1, "times": times}]}, open(f"{tmp}/hyperfine.json", "w"))
line = next(l for l in open(seed, encoding="latin-1") if l.count(",") == 26)
open(f"{tmp}/bonnie.csv", "w").write(line.strip() + "\n" * 1 + (line.strip() + "\n") * 199999)
PY
measure() { # NAME COMMAND... : prints NAME wall cpu rss
  local name="$1"; shift
  /usr/bin/time -f "$name %e %U %S %M" "$@" >/dev/null 2>"$tmp/time.$name" || { cat "$tmp/time.$name"; exit 1; }
  tail -1 "$tmp/time.$name" | awk '{printf "%s %.2f %.2f %d\n", $1, $2, $3 + $4, $5 / 1024}'
}
reference() { # KIND FILE OUT
  python3 - "$@" <<'PY'
import json, sys
kind, src, out = sys.argv[1:]
with open(out, "w") as f:
    if kind == "hyperfine":
        for r in json.load(open(src))["results"]:
            for i, t in enumerate(r["times"]):
                f.write(json.dumps({"step": r["command"], "repeat": i + 1, "real_s": t}) + "\n")
    else:
        for n, line in enumerate(open(src, encoding="latin-1")):
            cells = line.rstrip("\n").split(",")
            f.write(json.dumps({"step": "bonnie", "repeat": n + 1, "metrics": cells[2:]}) + "\n")
PY
}
export -f reference
printf '%-22s %8s %8s %8s\n' case "wall s" "cpu s" "rss MiB"
for kind in hyperfine bonnie; do
  file="$tmp/$kind.json"; [ "$kind" = bonnie ] && file="$tmp/bonnie.csv"
  f=$(measure "fsflow-$kind" "$root/fsflow" import "$kind" "$file" --out "$tmp/out-$kind")
  r=$(measure "python3-$kind" bash -c "reference $kind $file $tmp/ref-$kind.jsonl")
  printf '%-22s %8s %8s %8s\n' $f
  printf '%-22s %8s %8s %8s\n' $r
  echo "$f $r" | awk '{printf "%-22s %8.2fx %7.2fx %7.2fx\n", "ratio " $1, $2 / $6, $3 / $7, $4 / $8}'
done
