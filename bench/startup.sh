#!/usr/bin/env bash
# Start time of fsflow against a bare JVM, side by side in the same hyperfine run: `fsflow
# --version` through the launcher (jar check, class-data-sharing archive, picocli) against
# `java -version`, and `fsflow validate` of a small scenario. Target: fsflow --version at most 3x
# java -version. Also the same without the archive, to show what it buys.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-30}"
"$root/fsflow" --version >/dev/null   # builds the jar and its archive when needed
jar="$root/engine/target/fsflow.jar"
opts="-XX:+UseSerialGC -Xmx512m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20"
csv="$(mktemp)"
trap 'rm -f "$csv"' EXIT
hyperfine -N --style none --warmup 5 --runs "$runs" --export-csv "$csv" \
  -n 'java -version' 'java -version' \
  -n 'fsflow --version' "$root/fsflow --version" \
  -n 'fsflow --version without archive' "java $opts -jar $jar --version" \
  -n 'fsflow validate quickstart' "$root/fsflow validate $root/scenarios/quickstart.yaml" >/dev/null
awk -F, 'NR > 1 { name[NR] = $1; mean[NR] = $2 * 1000; sd[NR] = $3 * 1000; n = NR }
END {
  base = mean[2]
  for (i = 2; i <= n; i++) printf "startup: %-30s %7.1f ms ± %5.1f  %5.2fx java -version\n", name[i], mean[i], sd[i], mean[i] / base
  printf "  target: fsflow --version at most 3x java -version: %s (%.2fx)\n", (mean[3] <= 3 * base ? "met" : "MISSED"), mean[3] / base
}' "$csv"
