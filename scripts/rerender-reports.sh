#!/usr/bin/env bash
# Renders every published report in reports/ again from the raw results it holds, with this
# checkout's fsflow: each run directory's report (against its scenario's findings where the run
# carries them), the comparison of ext4-mount-options, the history of history-kernels, and the
# index. Nothing runs again: no root, no device. Usage: scripts/rerender-reports.sh
set -euo pipefail
cd "$(dirname "$0")/.."

for results in reports/*/results.jsonl reports/*/*/results.jsonl reports/*/runs/*/results.jsonl; do
  [ -f "$results" ] || continue
  dir=${results%/results.jsonl}
  name=${dir#reports/}
  name=${name%%/*}
  # a run whose own scenario has no findings is held against the project's scenario, whose has
  if [ "$dir" = "reports/$name" ] && [ ! -f "$dir/source.yaml" ] && ! grep -q '^  findings:' "$dir/scenario.yaml" \
     && [ -f "scenarios/$name.yaml" ] && grep -q '^  findings:' "scenarios/$name.yaml"; then
    ./fsflow report "$dir" --source "scenarios/$name.yaml"
  else
    ./fsflow report "$dir"
  fi
done
./fsflow compare reports/ext4-mount-options/defaults reports/ext4-mount-options/sync \
  reports/ext4-mount-options/data-journal --axis mount_options --out reports/ext4-mount-options
./fsflow history reports/history-kernels/runs/* --by kernel --out reports/history-kernels
./fsflow index reports
