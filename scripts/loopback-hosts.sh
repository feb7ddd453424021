#!/usr/bin/env bash
# Test "hosts" on this machine, for campaigns over ssh without a lab: each one a real sshd of its
# own (its own host key) on a loopback address (127.0.0.2, 127.0.0.3 ...), running in its own
# mount namespace with a private /run (so its own /run/fsflow.lock) and a private /var/tmp (its
# own work directories). The ssh client side is a config file, a key and a known_hosts file made
# here: host-key checking stays on. Run as root (namespaces, mounts); nothing else is touched.
#
#   scripts/loopback-hosts.sh start DIR [N]   start N hosts (default 2, at most 6); writes
#                                             DIR/hosts.yaml for 'fsflow run --hosts'
#   scripts/loopback-hosts.sh cut DIR NAME    kill host NAME's sshd processes (its connections die;
#                                             what they ran sees its ssh channel close)
#   scripts/loopback-hosts.sh stop DIR        stop every process of the hosts' namespaces (SIGTERM,
#                                             then SIGKILL after 60 s) and remove DIR
set -euo pipefail
cmd="${1:?usage: loopback-hosts.sh start|cut|stop DIR ...}"
dir="$(realpath -m "${2:?DIR missing}")"
port=2222

# The processes of host NAME's mount namespace (recorded at start), one pid a line.
members() {
  local ns; ns="$(cat "$dir/$1/mntns")"
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/ns/mnt" 2>/dev/null)" = "$ns" ] && echo "${p#/proc/}"
  done
  return 0
}

start_host() {
  local name="$1" addr="$2" h="$dir/$1"
  mkdir -p "$h/var-tmp"
  chmod 700 "$h" "$h/var-tmp"
  ssh-keygen -q -t ed25519 -N '' -C "$name" -f "$h/host_key"
  cat >"$h/sshd_config" <<CONF
ListenAddress $addr:$port
HostKey $h/host_key
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile none
Subsystem sftp internal-sftp
LogLevel ERROR
CONF
  # The namespace begins as a copy of the machine's mounts, those of campaigns running beside this
  # one included: a loop device's or FUSE filesystem's copy would keep it busy here after its own
  # campaign unmounted it (its blkdiscard or losetup -d failing), so every such copy is detached
  # first. Then the host's own /run and /var/tmp, and its sshd.
  cat >"$h/namespace.sh" <<'INIT'
awk '($1 ~ /^\/dev\/loop/ || $3 ~ /^fuse/) && $2 != "/" { print $2 }' /proc/self/mounts | sort -r |
  while read -r m; do umount -l "$(printf '%b' "$m")" 2>/dev/null || true; done
mount -t tmpfs -o mode=755 tmpfs /run && mkdir -m 755 /run/sshd && mount --bind "$1" /var/tmp \
  && exec /usr/sbin/sshd -D -e -f "$2"
INIT
  setsid unshare --mount --propagation private sh "$h/namespace.sh" "$h/var-tmp" "$h/sshd_config" \
    </dev/null >"$h/sshd.log" 2>&1 &
  echo $! >"$h/sshd.pid"
  echo "[$addr]:$port $(cut -d' ' -f1,2 "$h/host_key.pub")" >>"$dir/known_hosts"
  cat >>"$dir/ssh_config" <<CONF
Host $name
  HostName $addr
  Port $port
  User root
  IdentityFile $dir/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $dir/known_hosts
  StrictHostKeyChecking yes
CONF
  printf '  - { name: %s, ssh: %s, labels: { address: "%s" } }\n' "$name" "$name" "$addr" >>"$dir/hosts.yaml"
}

case "$cmd" in
  start)
    n="${3:-2}"
    [ "$n" -ge 1 ] && [ "$n" -le 6 ] || { echo "N must be 1 to 6" >&2; exit 2; }
    mkdir -p "$dir"
    chmod 700 "$dir"
    ssh-keygen -q -t ed25519 -N '' -C fsflow-test -f "$dir/client_key"
    cp "$dir/client_key.pub" "$dir/authorized_keys"
    : >"$dir/known_hosts"
    : >"$dir/ssh_config"
    printf 'ssh_config: ssh_config\nhosts:\n' >"$dir/hosts.yaml"
    for i in $(seq 1 "$n"); do
      start_host "host$i" "127.0.0.$((i + 1))"
    done
    for i in $(seq 1 "$n"); do
      for try in $(seq 1 100); do
        if ssh -F "$dir/ssh_config" -o BatchMode=yes "host$i" true 2>/dev/null; then break; fi
        [ "$try" = 100 ] && { echo "host$i did not answer: $(cat "$dir/host$i/sshd.log")" >&2; exit 1; }
        sleep 0.1
      done
      readlink "/proc/$(cat "$dir/host$i/sshd.pid")/ns/mnt" >"$dir/host$i/mntns"
    done
    echo "$dir/hosts.yaml"
    ;;
  cut)
    name="${3:?NAME missing}"
    for p in $(members "$name"); do
      [ "$(cat "/proc/$p/comm" 2>/dev/null)" = sshd ] && kill -KILL "$p" 2>/dev/null || true
    done
    ;;
  stop)
    for h in "$dir"/host*/; do
      name="$(basename "$h")"
      [ -f "$h/mntns" ] || { [ -f "$h/sshd.pid" ] && kill "$(cat "$h/sshd.pid")" 2>/dev/null; continue; }
      for p in $(members "$name"); do kill -TERM "$p" 2>/dev/null || true; done
      for try in $(seq 1 600); do
        [ -z "$(members "$name")" ] && break
        sleep 0.1
      done
      for p in $(members "$name"); do kill -KILL "$p" 2>/dev/null || true; done
    done
    rm -rf "$dir"
    ;;
  *) echo "usage: loopback-hosts.sh start|cut|stop DIR ..." >&2; exit 2 ;;
esac
