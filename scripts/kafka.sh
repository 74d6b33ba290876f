#!/usr/bin/env bash
# Single-node Apache Kafka (KRaft, combined broker+controller) from the Maven Central jars.
#
#   bash scripts/kafka.sh install   # resolve the jars with mvn into $KAFKA_HOME/libs (only when needed)
#   bash scripts/kafka.sh start     # install if needed, write server.properties, format once, start, wait
#   bash scripts/kafka.sh stop      # stop the broker started by `start` (by pid file)
#   bash scripts/kafka.sh status    # print running / not running (exit 0 / 3)
#
# Environment:
#   KAFKA_HOME             cache folder (default: <repo>/.cache/kafka)
#   KAFKA_PORT             PLAINTEXT listener on 127.0.0.1 (default 19092)
#   KAFKA_CONTROLLER_PORT  CONTROLLER listener on 127.0.0.1 (default 19093)
#   KAFKA_START_TIMEOUT    seconds to wait for the broker (default 60)
#   KAFKA_HEAP_OPTS        JVM heap options (default -Xms128m -Xmx512m)
#   MVN                    Maven command (default mvn)
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
POM="$REPO/scripts/kafka/pom.xml"
KAFKA_HOME="${KAFKA_HOME:-$REPO/.cache/kafka}"
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-60}"
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms128m -Xmx512m}"
MVN="${MVN:-mvn}"

LIBS="$KAFKA_HOME/libs"
STAMP="$KAFKA_HOME/libs.stamp"          # sha256 of the pom the libs were resolved from
CONF="$KAFKA_HOME/server.properties"
DATA="$KAFKA_HOME/data"                 # log.dirs (and KRaft metadata log)
FORMAT_STAMP="$KAFKA_HOME/format.stamp" # controller endpoint the data dir was formatted for
LOGDIR="$KAFKA_HOME/logs"
LOG="$LOGDIR/kafka.log"
PIDFILE="$KAFKA_HOME/kafka.pid"
HOST=127.0.0.1

say() { echo "kafka.sh: $*"; }
die() { echo "kafka.sh: ERROR: $*" >&2; exit 1; }

log_tail() {
  if [[ -f "$LOG" ]]; then
    echo "---- last 40 lines of $LOG ----" >&2
    tail -n 40 "$LOG" >&2
    echo "---- end of log ----" >&2
  fi
}

pom_hash() { sha256sum "$POM" | cut -d' ' -f1; }

# Prints the pid of our broker if it is running (and really is kafka.Kafka), else nothing.
running_pid() {
  [[ -f "$PIDFILE" ]] || return 0
  local pid
  pid="$(cat "$PIDFILE" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka'; then
    echo "$pid"
  fi
}

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

java_cp() { java $KAFKA_HEAP_OPTS -cp "$LIBS/*" "$@"; }

cmd_install() {
  command -v java >/dev/null || die "java not found (Kafka 4.x needs Java 17+)"
  local want
  want="$(pom_hash)"
  if [[ -d "$LIBS" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]] && compgen -G "$LIBS/kafka_2.13-*.jar" >/dev/null; then
    say "jars up to date in $LIBS ($(ls "$LIBS" | wc -l) jars)"
    return 0
  fi
  command -v "$MVN" >/dev/null || die "$MVN not found (needed to fetch the Kafka jars)"
  say "resolving Kafka jars with Maven into $LIBS ..."
  mkdir -p "$KAFKA_HOME"
  local tmp="$KAFKA_HOME/libs.tmp"
  rm -rf "$tmp"
  local t0=$SECONDS
  mkdir -p "$LOGDIR"
  local mvnlog="$LOGDIR/mvn.log"
  # Output goes to a file (Debian's mvn prints colour codes even with -q); shown on failure.
  if ! "$MVN" -B -q -Dstyle.color=never -f "$POM" dependency:copy-dependencies -DoutputDirectory="$tmp" >"$mvnlog" 2>&1; then
    rm -rf "$tmp"
    tail -n 40 "$mvnlog" >&2
    die "mvn could not resolve the Kafka jars (output above, full log: $mvnlog)"
  fi
  compgen -G "$tmp/kafka_2.13-*.jar" >/dev/null || { rm -rf "$tmp"; die "mvn ran but no kafka_2.13 jar was copied"; }
  rm -rf "$LIBS"
  mv "$tmp" "$LIBS"
  echo "$want" >"$STAMP"
  say "installed $(ls "$LIBS" | wc -l) jars ($(du -sh "$LIBS" | cut -f1)) in $((SECONDS - t0))s: $(cd "$LIBS" && ls kafka_2.13-*.jar)"
}

write_config() {
  mkdir -p "$DATA" "$LOGDIR"
  cat >"$CONF" <<EOF
# Written by scripts/kafka.sh start: single-node KRaft, combined broker+controller, test use only.
process.roles=broker,controller
node.id=1
controller.quorum.bootstrap.servers=$HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$DATA
num.partitions=4
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.hours=24
log.segment.bytes=16777216
EOF
}

format_storage() {
  local endpoint="$HOST:$KAFKA_CONTROLLER_PORT"
  if [[ -f "$DATA/meta.properties" ]]; then
    if [[ -f "$FORMAT_STAMP" && "$(cat "$FORMAT_STAMP")" == "$endpoint" ]]; then
      say "storage already formatted ($(grep -h '^cluster.id=' "$DATA/meta.properties" || true)), not formatting again"
      return 0
    fi
    # The standalone voter record holds the controller endpoint: a port change needs a fresh dir.
    say "controller endpoint changed (was: $(cat "$FORMAT_STAMP" 2>/dev/null || echo unknown), now: $endpoint): wiping $DATA"
    rm -rf "$DATA"
    mkdir -p "$DATA"
  fi
  local cid
  cid="$(java_cp kafka.tools.StorageTool random-uuid 2>>"$LOG" | tail -n 1)" || { log_tail; die "StorageTool random-uuid failed"; }
  [[ -n "$cid" ]] || { log_tail; die "StorageTool random-uuid printed nothing"; }
  say "formatting $DATA with cluster id $cid"
  if ! java_cp kafka.tools.StorageTool format --standalone -t "$cid" -c "$CONF" >>"$LOG" 2>&1; then
    log_tail
    die "StorageTool format failed"
  fi
  echo "$endpoint" >"$FORMAT_STAMP"
}

cmd_start() {
  local pid
  pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    say "already running (pid $pid) on $HOST:$KAFKA_PORT"
    return 0
  fi
  rm -f "$PIDFILE"
  for p in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
    port_open "$p" && die "port $HOST:$p is already in use by another process (set KAFKA_PORT / KAFKA_CONTROLLER_PORT)"
  done
  cmd_install
  write_config
  mkdir -p "$LOGDIR"
  [[ -f "$LOG" ]] && mv -f "$LOG" "$LOG.1"
  : >"$LOG"
  format_storage

  say "starting broker on $HOST:$KAFKA_PORT (controller $HOST:$KAFKA_CONTROLLER_PORT), log: $LOG"
  local t0=$SECONDS
  # setsid + nohup: the broker outlives this shell; stdout and stderr (slf4j-simple) go to the log.
  setsid nohup java $KAFKA_HEAP_OPTS -Djava.awt.headless=true \
    -Dorg.slf4j.simpleLogger.defaultLogLevel=info \
    -Dorg.slf4j.simpleLogger.showDateTime=true \
    -Dorg.slf4j.simpleLogger.dateTimeFormat="yyyy-MM-dd HH:mm:ss.SSS" \
    -Dorg.slf4j.simpleLogger.log.org.apache.kafka.clients=warn \
    -Dorg.slf4j.simpleLogger.log.kafka.request.logger=warn \
    -cp "$LIBS/*" kafka.Kafka "$CONF" >>"$LOG" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$PIDFILE"

  local deadline=$((SECONDS + KAFKA_START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PIDFILE"
      log_tail
      die "broker exited during startup"
    fi
    if port_open "$KAFKA_PORT" && grep -q 'Kafka Server started' "$LOG"; then
      say "broker started (pid $pid) in $((SECONDS - t0))s: bootstrap.servers=$HOST:$KAFKA_PORT"
      return 0
    fi
    sleep 0.5
  done
  log_tail
  say "broker did not come up within ${KAFKA_START_TIMEOUT}s, stopping it"
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
  say "stopping broker (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  local i
  for ((i = 0; i < 60; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    say "still running after 30s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 20; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
  fi
  kill -0 "$pid" 2>/dev/null && die "could not stop pid $pid"
  rm -f "$PIDFILE"
  say "stopped"
}

cmd_status() {
  local pid
  pid="$(running_pid)"
  if [[ -n "$pid" ]]; then
    say "running (pid $pid) on $HOST:$KAFKA_PORT"
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
    echo "usage: bash scripts/kafka.sh install|start|stop|status" >&2
    exit 2
    ;;
esac
