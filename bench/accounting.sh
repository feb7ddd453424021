#!/usr/bin/env bash
# Accounting accuracy of fsflow against GNU time, on the same executions: each step runs
# `/usr/bin/time -f '%e %U %S %M' -o FILE CMD`, so GNU time and fsflow measure one and the same
# process tree and the difference is measurement error alone. fsflow measures the whole tree,
# /usr/bin/time included, GNU time only its child: as hyperfine corrects for its shell, the
# cost of the wrapper (fsflow's median for `/usr/bin/time ... true`) is subtracted. GNU time
# truncates %e, %U and %S to 10 ms: an fsflow figure inside the interval the truncated value
# stands for has no error; outside it, the error is the distance to that interval.
# Commands: a CPU-bound shell loop, a sleep, a process that touches 200 MB.
# Targets: user+sys within max(1 %, 10 ms), real within 5 ms, max RSS within 5 %.
# Short steps: `sleep 0.3` run directly as a step; its real-time error is real_s - 0.3 s
# (target: at most 2 ms). The launch floor (median real time of `true` through fsflow, measured
# at the start of each run) against a bare fork/exec of `true` from the same JVM in the same run
# (target: at most 2x), with the JVM's launch mechanism.
# Then engine overhead: 1,000 runs of `true` through fsflow against 1,000 plain fork/execs.
# Target: under 5 ms per step. Needs root (fsflow takes the host lock in /run).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-10}"
tmp="$(mktemp -d /tmp/fsflow-bench.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
"$root/fsflow" --version >/dev/null

cat >"$tmp/accounting.yaml" <<YAML
fsflow: 1
name: bench-accounting
devices: { target: { dir: $tmp } }
repeat: $runs
steps:
  - name: wrapper
    run: [/usr/bin/time, -f, "%e %U %S %M", -o, "$tmp/gnu-wrapper-\${repeat}", "true"]
  - name: cpu-loop
    run: [/usr/bin/time, -f, "%e %U %S %M", -o, "$tmp/gnu-cpu-loop-\${repeat}", sh, -c, "i=0; while [ \$i -lt 1500000 ]; do i=\$((i+1)); done"]
  - name: sleep
    run: [/usr/bin/time, -f, "%e %U %S %M", -o, "$tmp/gnu-sleep-\${repeat}", sleep, "0.5"]
  - name: touch-200MB
    run: [/usr/bin/time, -f, "%e %U %S %M", -o, "$tmp/gnu-touch-200MB-\${repeat}", python3, -c, "b = bytearray(200 << 20); b[::4096] = b'x' * len(b[::4096]); import time; time.sleep(0.2)"]
  - name: sleep-0.3
    run: [sleep, "0.3"]
YAML
"$root/fsflow" run "$tmp/accounting.yaml" --out "$tmp/out" --work "$tmp/work" >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; exit 1; }

python3 - "$tmp" <<'PY'
import json, sys, statistics
tmp = sys.argv[1]
rows = [json.loads(l) for l in open(f"{tmp}/out/results.jsonl")]
wrap = [r for r in rows if r["step"] == "wrapper"]
wrap_real = statistics.median(r["real_s"] for r in wrap)
wrap_cpu = statistics.median(r["user_s"] + r["sys_s"] for r in wrap)
def dist(x, lo, hi):
    return 0.0 if lo <= x <= hi else (x - hi if x > hi else x - lo)
print(f"accounting: fsflow ({rows[0]['cpu_method']}, {rows[0]['memory_method']}) vs GNU time on the same "
      f"executions, {len(wrap)} runs per command")
print(f"  wrapper cost subtracted: real {wrap_real*1000:.1f} ms, cpu {wrap_cpu*1000:.1f} ms (median of /usr/bin/time true)")
print(f"  {'command':12} {'real err ms':>12} {'cpu err ms':>11} {'cpu err %':>10} {'rss err %':>10}   verdict")
for step in ("cpu-loop", "sleep", "touch-200MB"):
    re, ce, cp, me = [], [], [], []
    for r in rows:
        if r["step"] != step:
            continue
        e, u, s, m = open(f"{tmp}/gnu-{step}-{r['repeat']}").read().split()[-4:]
        gnu_cpu = float(u) + float(s)
        ff_cpu = r["user_s"] + r["sys_s"] - wrap_cpu
        re.append(1000 * dist(r["real_s"] - wrap_real, float(e), float(e) + 0.01))
        err = dist(ff_cpu, gnu_cpu, gnu_cpu + 0.02)
        ce.append(1000 * err)
        cp.append(100 * err / gnu_cpu if gnu_cpu > 0 else 0.0)
        me.append(100 * (r["max_rss_kb"] - int(m)) / int(m))
    worst = lambda xs: max(xs, key=abs)
    cpu_ok = all(abs(c) <= 10 or abs(p) <= 1 for c, p in zip(ce, cp))
    real_ok = all(abs(x) <= 5 for x in re)
    rss_ok = all(abs(x) <= 5 for x in me)
    print(f"  {step:12} {worst(re):12.1f} {worst(ce):11.1f} {worst(cp):10.1f} {worst(me):10.1f}   "
          f"cpu {'met' if cpu_ok else 'MISSED'}, real {'met' if real_ok else 'MISSED'}, "
          f"rss {'met' if rss_ok else 'MISSED' if step == 'touch-200MB' else 'n/a'}")
print("  (worst run shown; rss is judged on touch-200MB: the others are 1-2 MB processes where the wrapper")
print("   and the sampler's resolution dominate)")
sleeps = sorted(r["real_s"] - 0.3 for r in rows if r["step"] == "sleep-0.3")
med = sleeps[len(sleeps) // 2] * 1000
print(f"short steps: sleep 0.3 as a step, real-time error median {med:.2f} ms, worst {sleeps[-1] * 1000:.2f} ms "
      f"(target <= 2 ms): {'met' if med <= 2 else 'MISSED'}")
# the same sleep without fsflow, right after, as a reference: what this host's scheduler adds now
import os, time
bare = []
for _ in range(len(sleeps)):
    t0 = time.perf_counter()
    pid = os.posix_spawn("/usr/bin/sleep", ["sleep", "0.3"], os.environ)
    os.waitpid(pid, 0)
    bare.append(time.perf_counter() - t0 - 0.3)
bare.sort()
bmed = bare[len(bare) // 2] * 1000
load = open("/proc/loadavg").read().split()[0]
print(f"  reference: the same sleep by a bare posix_spawn+waitpid, error median {bmed:.2f} ms, worst "
      f"{bare[-1] * 1000:.2f} ms (load average {load} on {os.cpu_count()} CPUs); fsflow's own share "
      f"{med - bmed:.2f} ms")
env = json.load(open(f"{tmp}/out/environment.json"))
fl = env["launch_floor"]
print(f"launch floor: true through fsflow {fl['real_s_median'] * 1000:.2f} ms, bare fork/exec of true from the same "
      f"JVM {fl['bare_fork_exec_s_median'] * 1000:.2f} ms, ratio {fl['ratio_to_bare']:.2f} (target <= 2): "
      f"{'met' if fl['ratio_to_bare'] <= 2 else 'MISSED'}; launch mechanism {fl['launch_mechanism']}")
PY

# engine overhead
cat >"$tmp/overhead.yaml" <<YAML
fsflow: 1
name: bench-overhead
devices: { target: { dir: $tmp } }
repeat: 500
steps:
  - name: "true"
    run: "true"
  - name: bin-true
    run: [/bin/true]
YAML
"$root/fsflow" run "$tmp/overhead.yaml" --out "$tmp/out2" --work "$tmp/work" >"$tmp/run2.log" 2>&1 || { cat "$tmp/run2.log"; exit 1; }
start=$(date +%s.%N); for i in $(seq 1000); do /bin/true; done; end=$(date +%s.%N)
python3 - "$tmp" "$start" "$end" <<'PY'
import json, sys
from datetime import datetime
tmp, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
rows = [json.loads(l) for l in open(f"{tmp}/out2/results.jsonl")]
t = lambda s: datetime.fromisoformat(s[:26].rstrip("Z")).timestamp()
span = t(rows[-1]["ended_at"]) - t(rows[0]["started_at"])
per_step = span / len(rows) * 1000
plain = (end - start) / 1000 * 1000
print(f"engine overhead: {len(rows)} runs of true, half as 'run: true' (sh -c), half as [/bin/true] ({rows[0]['cpu_method']})")
print(f"  through fsflow (first start to last end)  {per_step:.2f} ms per step")
print(f"  plain fork/exec (bash loop)               {plain:.2f} ms per run")
print(f"  overhead                                  {per_step - plain:.2f} ms per step (target < 5 ms): "
      f"{'met' if per_step - plain < 5 else 'MISSED'}")
PY
