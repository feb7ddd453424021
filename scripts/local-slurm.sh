#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying and testing 'fsflow run --via slurm':
# munged, slurmctld and slurmd from Debian's packages (munge, slurm-wlm), with their key,
# sockets, state, logs and config in DIR only, talking over 127.0.0.1 only. Run as root.
#
#   scripts/local-slurm.sh start DIR   start it; the node is 'localhost' in partition 'test';
#                                       export SLURM_CONF=DIR/slurm.conf for srun and sinfo
#   scripts/local-slurm.sh stop DIR    stop the three daemons (by their pid files) and remove DIR
set -euo pipefail
cmd="${1:?usage: local-slurm.sh start|stop DIR}"
dir="$(realpath -m "${2:?DIR missing}")"

case "$cmd" in
  start)
    mkdir -p "$dir/state" "$dir/spool" "$dir/log"
    chmod 711 "$dir"
    head -c 1024 /dev/urandom >"$dir/munge.key"
    chmod 400 "$dir/munge.key"
    munged --key-file="$dir/munge.key" --socket="$dir/munge.sock" --pid-file="$dir/munged.pid" \
      --log-file="$dir/log/munged.log" --seed-file="$dir/munged.seed" --force
    cpus="$(nproc)"
    cat >"$dir/slurm.conf" <<CONF
ClusterName=fsflowtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
CommunicationParameters=NoInAddrAny
AuthType=auth/munge
AuthInfo=socket=$dir/munge.sock
CryptoType=crypto/munge
SlurmUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/linear
ReturnToService=2
MpiDefault=none
KillWait=120
NodeName=localhost NodeAddr=127.0.0.1 NodeHostname=$(hostname) CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -f "$SLURM_CONF"
    slurmd -f "$SLURM_CONF" -N localhost
    for try in $(seq 1 150); do
      if sinfo -h -o %t 2>/dev/null | grep -q idle; then echo "$SLURM_CONF"; exit 0; fi
      sleep 0.2
    done
    echo "the Slurm node did not come up: $(tail -n 5 "$dir/log/slurmctld.log" "$dir/log/slurmd.log")" >&2
    exit 1
    ;;
  stop)
    for d in slurmd slurmctld munged; do
      if [ -f "$dir/$d.pid" ]; then
        pid="$(cat "$dir/$d.pid")"
        kill "$pid" 2>/dev/null || true
        for try in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      fi
    done
    rm -rf "$dir"
    ;;
  *) echo "usage: local-slurm.sh start|stop DIR" >&2; exit 2 ;;
esac
