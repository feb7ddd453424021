#!/usr/bin/env bash
# Prints what the test run left in engine/target/{surefire,failsafe}-reports: the counts of tests
# run, failed and skipped (unit and integration apart), and the ten slowest test classes.
# Used at the end of .ci/run; works on a partial run (whatever reports exist).
set -uo pipefail
cd "$(dirname "$0")/.."

# one line per test class: kind, seconds, tests, failures+errors, skipped, class
suites() {
  local kind dir f
  for kind in unit integration; do
    dir=engine/target/surefire-reports
    [ "$kind" = integration ] && dir=engine/target/failsafe-reports
    for f in "$dir"/TEST-*.xml; do
      [ -e "$f" ] || continue
      # the <testsuite ...> element's attributes, whatever their order
      sed -n '/<testsuite /{p;q}' "$f" | awk -v kind="$kind" '
        function attr(n,   m) { if (match($0, " " n "=\"[^\"]*\"")) { m = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", m); sub(/"$/, "", m); return m } return "" }
        { printf "%s %s %d %d %d %s\n", kind, attr("time"), attr("tests"), attr("failures") + attr("errors"), attr("skipped"), attr("name") }'
    done
  done
}

all=$(suites)
if [ -z "$all" ]; then
  echo "test summary: no test reports under engine/target (the build stopped before the tests)"
  exit 0
fi
echo
echo "== tests =="
printf '%s\n' "$all" | awk '
  { run[$1] += $3; failed[$1] += $4; skipped[$1] += $5; secs[$1] += $2 }
  END { for (k in run) printf "%-12s %5d run, %3d failed, %3d skipped, %7.1f s in test classes\n", k, run[k], failed[k], skipped[k], secs[k] }' | sort
echo
echo "== the ten slowest test classes =="
# awk reads all of sort's output (head would close the pipe early: sort's SIGPIPE, under
# pipefail, made this script exit 141 after a run of 825 test classes' lines)
printf '%s\n' "$all" | sort -k2,2 -g -r |
  awk 'NR <= 10 { printf "%8.1f s  %-11s %3d tests  %s\n", $2, $1, $3, $6 }'
