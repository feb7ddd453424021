#!/usr/bin/env bash
# Start time of fsflow against a bare JVM, side by side in the same hyperfine run (each figure
# beside `java -version`, measured in that run): `fsflow --version` and `fsflow validate
# scenarios/cds-2009.yaml` (a seed scenario), each
#   launcher    through ./fsflow as users type it (jar check, static AppCDS archive, first JIT tier)
#   static      java with a static AppCDS archive (-XX:SharedArchiveFile, from the class list of a
#               real validate of the same scenario): what the launcher does, without the launcher
#   none        java without any archive of fsflow's classes (the JDK's own default archive only)
#   small jar   (--version) java with the small version jar alone, the JDK's own archive and its
#               default collector (-XX:TieredStopAtLevel=1 -XX:-UsePerfData only): what the
#               launcher does for --version, without the launcher
#   dynamic     java with a dynamic archive (-XX:ArchiveClassesAtExit of a real validate, then
#               plan, then run --dry-run of that scenario: the last one made is used)
# all with the launcher's JVM options. Targets: fsflow --version at most 1.5x java -version;
# validate of a seed scenario under 0.4 s (both through the launcher). RUNS (default 20).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-20}"
"$root/fsflow" --version >/dev/null   # builds the jar and its archive when needed
command -v hyperfine >/dev/null || { echo "hyperfine is not installed (apt-get install hyperfine)"; exit 1; }
jar="$root/engine/target/fsflow.jar"
small="$root/engine/target/fsflow-engine-version.jar" # what the launcher runs --version from
seed="$root/scenarios/cds-2009.yaml"
opts="-XX:+UseSerialGC -Xmx512m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -XX:TieredStopAtLevel=1"
tmp="$(mktemp -d /tmp/fsflow-bench-startup.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
quiet="-Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off"
# the archives measured beside the launcher's, made the same way, here
java $opts -XX:DumpLoadedClassList="$tmp/classes" -jar "$jar" validate "$seed" >/dev/null 2>&1
java $opts -Xshare:dump -XX:SharedClassListFile="$tmp/classes" -XX:SharedArchiveFile="$tmp/static.jsa" \
  $quiet -cp "$jar" >/dev/null 2>&1
for cmd in "validate $seed" "plan $seed" "run --dry-run $seed"; do
  rm -f "$tmp/dynamic.jsa"
  java $opts -XX:ArchiveClassesAtExit="$tmp/dynamic.jsa" $quiet -jar "$jar" $cmd >/dev/null 2>&1 || true
  [ -f "$tmp/dynamic.jsa" ] && cp "$tmp/dynamic.jsa" "$tmp/dynamic-$(echo "$cmd" | cut -d' ' -f1).jsa"
done
dyn="$tmp/dynamic-run.jsa"
[ -f "$dyn" ] || dyn="$tmp/dynamic-validate.jsa"
hyperfine -N --style none --warmup 3 --runs "$runs" --export-csv "$tmp/csv" \
  -n 'java -version' 'java -version' \
  -n 'fsflow --version launcher' "$root/fsflow --version" \
  -n 'fsflow --version static' "java $opts -XX:SharedArchiveFile=$tmp/static.jsa $quiet -jar $jar --version" \
  -n 'fsflow --version none' "java $opts -jar $jar --version" \
  -n 'fsflow --version dynamic' "java $opts -XX:SharedArchiveFile=$dyn $quiet -jar $jar --version" \
  -n 'fsflow validate launcher' "$root/fsflow validate $seed" \
  -n 'fsflow validate static' "java $opts -XX:SharedArchiveFile=$tmp/static.jsa $quiet -jar $jar validate $seed" \
  -n 'fsflow validate none' "java $opts -jar $jar validate $seed" \
  -n 'fsflow validate dynamic' "java $opts -XX:SharedArchiveFile=$dyn $quiet -jar $jar validate $seed" \
  -n 'fsflow --version small jar' "java -XX:TieredStopAtLevel=1 -XX:-UsePerfData -cp $small org.fsflow.cli.Main --version" >/dev/null
echo "startup: $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $runs runs each, dynamic archive from $(basename "$dyn")"
awk -F, 'NR > 1 { name[NR] = $1; mean[NR] = $2 * 1000; sd[NR] = $3 * 1000; user[NR] = $5 * 1000; sys[NR] = $6 * 1000; n = NR }
END {
  base = mean[2]
  for (i = 2; i <= n; i++)
    printf "  %-26s %7.1f ms ± %5.1f (CPU %6.1f ms)  %5.2fx java -version\n", name[i], mean[i], sd[i], user[i] + sys[i], mean[i] / base
  printf "  target: fsflow --version at most 1.5x java -version: %s (%.2fx)\n", (mean[3] <= 1.5 * base ? "met" : "MISSED"), mean[3] / base
  printf "  target: fsflow validate of a seed scenario under 0.4 s: %s (%.3f s)\n", (mean[7] < 400 ? "met" : "MISSED"), mean[7] / 1000
}' "$tmp/csv"
