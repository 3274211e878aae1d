#!/usr/bin/env bash
# Benchmark suite of issue #12: see bench/README.md for the method, the phases and every setting.
#
#   bench/run.sh                                       every phase on a fresh database (about 10 minutes)
#   BENCH_PHASES=payouts,money bench/run.sh            some phases (setup always runs)
#   BENCH_PROFILE=1 BENCH_PHASES=payouts bench/run.sh  plus a JFR profile of the payouts phase, summarized
#   BENCH_JAR=/path/to/payouts-service.jar bench/run.sh   a prebuilt jar (default: service/target, built if missing)
#
# Needs a JDK 17+ and pgbench/psql (apt-get install postgresql-client). Results go to stdout and $BENCH_OUT.
set -euo pipefail
cd "$(dirname "$0")/.."

export BENCH_PORT=${BENCH_PORT:-18080}
JAR=${BENCH_JAR:-service/target/payouts-service.jar}
RAIL_DELAY=${BENCH_RAIL_DELAY:-1s}
export BENCH_OUT=${BENCH_OUT:-bench/out}
export BENCH_RUN_ID=${BENCH_RUN_ID:-$(date -u +%Y%m%d-%H%M%S)}
export BENCH_OWNER_EMAIL=bench@payouts.local
export BENCH_OWNER_PASSWORD=bench-owner-password
BASE="http://localhost:$BENCH_PORT"

for tool in java psql pgbench curl; do
  command -v $tool >/dev/null || { echo "$tool is needed (pgbench and psql: apt-get install postgresql-client)" >&2; exit 1; }
done
if curl -sf "$BASE/health" >/dev/null 2>&1; then
  echo "something already answers on port $BENCH_PORT: set BENCH_PORT" >&2; exit 1
fi
if [ ! -f "$JAR" ]; then
  [ -z "${BENCH_JAR:-}" ] || { echo "no jar at $JAR" >&2; exit 1; }
  ./mvnw -q -DskipTests package
fi
mkdir -p "$BENCH_OUT"
DATA_DIR=$(mktemp -d /tmp/payouts-bench.XXXXXX)
LOG="$DATA_DIR/service.log"
RUN_LOG="$BENCH_OUT/run-$BENCH_RUN_ID.log"
# the service's code: the last commit outside bench/, and whether the work tree changed it since
export BENCH_COMMIT=${BENCH_COMMIT:-$(git log -1 --format=%h -- . ':!bench' 2>/dev/null || echo '?')$(git diff --quiet HEAD -- . ':!bench' 2>/dev/null || echo '+changes')}

{
  echo "bench run $BENCH_RUN_ID, commit $BENCH_COMMIT, jar $JAR"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GiB; $(uptime)"
  echo "busiest processes before the run:"
  ps -eo pid,pcpu,etime,args --sort=-pcpu | head -6 | cut -c1-160
} | tee "$RUN_LOG"

SERVICE_PID=
cleanup() {
  if [ -n "$SERVICE_PID" ]; then
    kill "$SERVICE_PID" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$SERVICE_PID" 2>/dev/null || break; sleep 1; done
    kill -9 "$SERVICE_PID" 2>/dev/null || true
  fi
  # the service stops its PostgreSQL; if it could not, stop it here (fast shutdown)
  if [ -f "$DATA_DIR/postgres/postmaster.pid" ]; then
    kill -INT "$(head -1 "$DATA_DIR/postgres/postmaster.pid")" 2>/dev/null || true
    sleep 2
  fi
  cp "$LOG" "$BENCH_OUT/service-$BENCH_RUN_ID.log" 2>/dev/null || true
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
# deep stacks for the profile: the default 64 frames cut off the entry points of Spring/Axon/Hibernate stacks
if [ "${BENCH_PROFILE:-0}" = 1 ]; then JAVA_OPTS="$JAVA_OPTS -XX:FlightRecorderOptions=stackdepth=512"; fi
echo "starting the service on a fresh embedded PostgreSQL in $DATA_DIR (rail delay $RAIL_DELAY)" | tee -a "$RUN_LOG"
PAYOUTS_EMBEDDED_POSTGRES_DATA_DIR="$DATA_DIR/postgres" \
PAYOUTS_OWNER_EMAIL="$BENCH_OWNER_EMAIL" PAYOUTS_OWNER_PASSWORD="$BENCH_OWNER_PASSWORD" \
PAYOUTS_RATE_LIMIT_CAPACITY=1000000000 PAYOUTS_RATE_LIMIT_REFILL_PER_MINUTE=1000000000 \
PAYOUTS_RAIL_STANDARD_DELAY="$RAIL_DELAY" PAYOUTS_RAIL_INSTANT_DELAY="$RAIL_DELAY" \
SERVER_PORT=$BENCH_PORT java $JAVA_OPTS -jar "$JAR" > "$LOG" 2>&1 &
SERVICE_PID=$!
for _ in $(seq 1 180); do
  curl -sf "$BASE/health" >/dev/null 2>&1 && break
  kill -0 "$SERVICE_PID" 2>/dev/null || { echo "the service did not start:" >&2; tail -30 "$LOG" >&2; exit 1; }
  sleep 1
done
curl -sf "$BASE/health" >/dev/null || { echo "the service did not answer in 180 s" >&2; tail -30 "$LOG" >&2; exit 1; }

export BENCH_SERVICE_PID=$SERVICE_PID
export BENCH_PG_PORT=$(grep -o 'Embedded PostgreSQL on port [0-9]*' "$LOG" | head -1 | grep -o '[0-9]*$')
export BENCH_PG_DATA="$DATA_DIR/postgres"
export BENCH_RAIL_DELAY=$RAIL_DELAY

java bench/Bench.java 2>&1 | tee -a "$RUN_LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "the benchmark failed; service log: $BENCH_OUT/service-$BENCH_RUN_ID.log" >&2; exit 1; }

JFR="$BENCH_OUT/payouts-$BENCH_RUN_ID.jfr"
if [ "${BENCH_PROFILE:-0}" = 1 ] && [ -f "$JFR" ]; then
  echo | tee -a "$RUN_LOG"
  echo "JFR profile of the payouts phase ($JFR):" | tee -a "$RUN_LOG"
  java bench/JfrSummary.java "$JFR" 2>&1 | tee -a "$RUN_LOG"
fi
echo "machine after the run: $(uptime)" | tee -a "$RUN_LOG"
echo "log of this run: $RUN_LOG"
