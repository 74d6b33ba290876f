#!/usr/bin/env bash
# Prometheus Alertmanager from Debian's prometheus-alertmanager package, for the alert tests.
#
#   bash scripts/alertmanager.sh install   # apt-get install prometheus-alertmanager (only when missing)
#   bash scripts/alertmanager.sh start     # install if needed, write its config, start it, wait until ready
#   bash scripts/alertmanager.sh stop      # stop the one started by `start` (by pid file)
#   bash scripts/alertmanager.sh status    # print running / not running (exit 0 / 3)
#
# Environment:
#   ALERTMANAGER_HOME           state folder (default: <repo>/.cache/alertmanager)
#   ALERTMANAGER_PORT           its API on 127.0.0.1 (default 19095)
#   ALERTMANAGER_START_TIMEOUT  seconds to wait until it is ready (default 30)
#
# One instance, no cluster (no gossip port), routing everything to a receiver that sends nothing:
# the tests read the alerts back through its /api/v2/alerts.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
ALERTMANAGER_HOME="${ALERTMANAGER_HOME:-$REPO/.cache/alertmanager}"
ALERTMANAGER_PORT="${ALERTMANAGER_PORT:-19095}"
ALERTMANAGER_START_TIMEOUT="${ALERTMANAGER_START_TIMEOUT:-30}"
BIN=/usr/bin/prometheus-alertmanager
CONF="$ALERTMANAGER_HOME/alertmanager.yml"
DATA="$ALERTMANAGER_HOME/data"
LOG="$ALERTMANAGER_HOME/alertmanager.log"
PIDFILE="$ALERTMANAGER_HOME/alertmanager.pid"
HOST=127.0.0.1

say() { echo "alertmanager.sh: $*"; }
die() { echo "alertmanager.sh: ERROR: $*" >&2; exit 1; }

# Prints the pid of our Alertmanager if it is running (and really is it), else nothing.
running_pid() {
  [[ -f "$PIDFILE" ]] || return 0
  local pid
  pid="$(cat "$PIDFILE" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'alertmanager'; then
    echo "$pid"
  fi
}

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

ready() { curl -fsS -o /dev/null "http://$HOST:$ALERTMANAGER_PORT/-/ready" 2>/dev/null; }

cmd_install() {
  if [[ -x "$BIN" ]]; then
    say "$("$BIN" --version 2>&1 | head -n 1)"
    return 0
  fi
  local as_root=""
  [[ "$(id -u)" -ne 0 ]] && as_root="sudo -n"
  say "installing Debian's prometheus-alertmanager ..."
  { $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q prometheus-alertmanager >/dev/null 2>&1 \
    || { $as_root apt-get update -q >/dev/null 2>&1 \
         && $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q prometheus-alertmanager >/dev/null 2>&1; }; } \
    || die "could not apt-get install prometheus-alertmanager"
  [[ -x "$BIN" ]] || die "prometheus-alertmanager is installed but $BIN is missing"
}

write_config() {
  mkdir -p "$DATA"
  cat >"$CONF" <<EOF
# Written by scripts/alertmanager.sh start: test use only, every alert to a receiver that sends nothing.
route:
  receiver: nowhere
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: nowhere
EOF
}

cmd_start() {
  local pid
  pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    say "already running (pid $pid) on $HOST:$ALERTMANAGER_PORT"
    return 0
  fi
  rm -f "$PIDFILE"
  port_open "$ALERTMANAGER_PORT" && die "port $HOST:$ALERTMANAGER_PORT is already in use by another process (set ALERTMANAGER_PORT)"
  command -v curl >/dev/null || die "curl not found (needed to wait until Alertmanager is ready)"
  cmd_install
  write_config
  [[ -f "$LOG" ]] && mv -f "$LOG" "$LOG.1"
  say "starting on $HOST:$ALERTMANAGER_PORT, log: $LOG"
  setsid nohup "$BIN" --config.file="$CONF" --storage.path="$DATA" \
    --web.listen-address="$HOST:$ALERTMANAGER_PORT" --cluster.listen-address="" >>"$LOG" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$PIDFILE"
  local deadline=$((SECONDS + ALERTMANAGER_START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PIDFILE"
      tail -n 20 "$LOG" >&2 || true
      die "alertmanager exited during startup"
    fi
    if ready; then
      say "ready (pid $pid): http://$HOST:$ALERTMANAGER_PORT"
      return 0
    fi
    sleep 0.2
  done
  tail -n 20 "$LOG" >&2 || true
  say "not ready within ${ALERTMANAGER_START_TIMEOUT}s, stopping it"
  cmd_stop >&2 || true
  exit 1
}

cmd_stop() {
  local pid
  pid="$(running_pid)"
  if [[ -z "$pid" ]]; then
    say "not running"
    rm -f "$PIDFILE"
    return 0
  fi
  say "stopping (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  local i
  for ((i = 0; i < 50; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    say "still running after 10s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$PIDFILE"
  say "stopped"
}

cmd_status() {
  local pid
  pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    say "running (pid $pid) on $HOST:$ALERTMANAGER_PORT"
    return 0
  fi
  say "not running"
  return 3
}

case "${1:-}" in
  install) cmd_install ;;
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *)
    echo "usage: bash scripts/alertmanager.sh install|start|stop|status" >&2
    exit 2
    ;;
esac
