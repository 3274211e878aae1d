# Sourced by the bench scripts: starts the service jar on a fresh embedded PostgreSQL in a temporary folder and
# stops it (and its database) on exit. Needs BENCH_PORT, BENCH_OUT, BENCH_RUN_ID, BENCH_OWNER_EMAIL and
# BENCH_OWNER_PASSWORD set, and JAR; extra environment for the service goes in SERVICE_ENV (an array of NAME=value).
# Exports BENCH_SERVICE_PID, BENCH_PG_PORT and BENCH_PG_DATA for the load generator.

BASE="http://localhost:$BENCH_PORT"
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

# stop_service: stops it as an operator would (SIGTERM; its PostgreSQL stops with it) and keeps its log apart
stop_service() {
  kill "$SERVICE_PID" 2>/dev/null || true
  for _ in $(seq 1 120); do kill -0 "$SERVICE_PID" 2>/dev/null || break; sleep 1; done
  for _ in $(seq 1 60); do [ -f "$DATA_DIR/postgres/postmaster.pid" ] || break; sleep 1; done
  cp "$LOG" "$BENCH_OUT/service-$BENCH_RUN_ID-before-restart.log" 2>/dev/null || true
  SERVICE_PID=
}

# start_service JAVA_OPTS...: starts it and waits until /health answers
start_service() {
  env PAYOUTS_EMBEDDED_POSTGRES_DATA_DIR="$DATA_DIR/postgres" \
    PAYOUTS_OWNER_EMAIL="$BENCH_OWNER_EMAIL" PAYOUTS_OWNER_PASSWORD="$BENCH_OWNER_PASSWORD" \
    PAYOUTS_RATE_LIMIT_CAPACITY=1000000000 PAYOUTS_RATE_LIMIT_REFILL_PER_MINUTE=1000000000 \
    SERVER_PORT="$BENCH_PORT" "${SERVICE_ENV[@]}" java "$@" -jar "$JAR" > "$LOG" 2>&1 &
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
}
