#!/usr/bin/env bash
# Time to answer for every scenario of the invalid corpus, through the real launcher (JVM start
# included), so a user sees how long a mistake takes to be reported. Target: well under 2 s each.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/engine/src/test/resources/invalid"
"$root/fsflow" --version >/dev/null
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
worst=0; worst_file=""; total=0; n=0
for f in "$corpus"/*.yaml; do
  /usr/bin/time -f '%e' -o "$tmp" "$root/fsflow" validate "$f" >/dev/null 2>&1 || true
  t=$(tail -n 1 "$tmp")
  total=$(echo "$total + $t" | bc); n=$((n + 1))
  if [ "$(echo "$t > $worst" | bc)" = 1 ]; then worst=$t; worst_file=$(basename "$f"); fi
done
awk -v n="$n" -v total="$total" -v worst="$worst" -v wf="$worst_file" 'BEGIN {
  printf "validate-corpus: %d invalid scenarios, mean %.2f s, slowest %.2f s (%s), JVM start included\n", n, total / n, worst, wf
  printf "  target: each well under 2 s: %s\n", (worst < 2 ? "met" : "MISSED") }'
