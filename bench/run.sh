#!/usr/bin/env bash
# Payout throughput benchmark: see bench/README.md for the method.
# Usage: bench/run.sh [connections=64] [duration_s=30] [warmup_s=10] [drivers=50]
set -euo pipefail
cd "$(dirname "$0")/.."

CONNECTIONS=${1:-64}
DURATION=${2:-30}
WARMUP=${3:-10}
DRIVERS=${4:-50}
PORT=${BENCH_PORT:-18080}
BASE="http://localhost:$PORT"
OWNER_PASSWORD="bench-owner-password"
DATA_DIR=$(mktemp -d /tmp/payouts-bench.XXXXXX)
LOG="$DATA_DIR/service.log"

command -v pgbench >/dev/null || { echo "pgbench is needed for the baseline: apt-get install postgresql-client" >&2; exit 1; }
[ -f service/target/payouts-service.jar ] || ./mvnw -q -DskipTests package

echo "starting the service on a fresh embedded database in $DATA_DIR"
PAYOUTS_EMBEDDED_POSTGRES_DATA_DIR="$DATA_DIR/postgres" \
PAYOUTS_OWNER_EMAIL=bench@payouts.local PAYOUTS_OWNER_PASSWORD="$OWNER_PASSWORD" \
PAYOUTS_RATE_LIMIT_CAPACITY=1000000000 PAYOUTS_RATE_LIMIT_REFILL_PER_MINUTE=1000000000 \
SERVER_PORT=$PORT java -Xms1g -Xmx1g -jar service/target/payouts-service.jar > "$LOG" 2>&1 &
SERVICE_PID=$!
trap 'kill $SERVICE_PID 2>/dev/null; wait $SERVICE_PID 2>/dev/null; rm -rf "$DATA_DIR"' EXIT
for _ in $(seq 1 120); do curl -sf "$BASE/health" >/dev/null && break; sleep 1; done
PG_PORT=$(grep -o 'Embedded PostgreSQL on port [0-9]*' "$LOG" | grep -o '[0-9]*$')

json() { sed -E "s/.*\"$1\":\"([^\"]+)\".*/\\1/"; }
TOKEN=$(curl -sf "$BASE/api/v1/auth/sessions" -H 'Content-Type: application/json' \
  -d "{\"email\":\"bench@payouts.local\",\"password\":\"$OWNER_PASSWORD\"}" | json token)
KEY=$(curl -sf "$BASE/api/v1/developer/keys" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
  -d '{"name":"bench","mode":"sandbox","scopes":["drivers:read","drivers:write","payouts:read","payouts:write","balance:read"]}' | json key)
AUTH=(-H "Authorization: Bearer $KEY" -H 'Content-Type: application/json')

echo "funding the sandbox wallet and registering $DRIVERS verified drivers"
for _ in 1 2 3; do curl -sf "$BASE/api/v1/funding/topup" "${AUTH[@]}" -d '{"amount":100000000,"method":"bank_transfer"}' >/dev/null; done
IDS=()
for i in $(seq 1 "$DRIVERS"); do
  ID=$(curl -sf "$BASE/api/v1/drivers" "${AUTH[@]}" \
    -d "{\"svcDriverId\":\"bench-$i\",\"name\":\"Driver $i\",\"email\":\"d$i@example.com\",\"phone\":\"+1415555$(printf %04d "$i")\"}" | json id)
  curl -sf "$BASE/api/v1/drivers/$ID/kyc" "${AUTH[@]}" -d '{"outcome":"verified"}' >/dev/null
  IDS+=("$ID")
done
DRIVER_LIST=$(IFS=,; echo "${IDS[*]}")

echo "load: $CONNECTIONS connections, ${WARMUP}s warm-up, ${DURATION}s measured"
RESULT=$(java bench/PayoutLoad.java "$BASE" "$KEY" "$DRIVER_LIST" "$CONNECTIONS" "$WARMUP" "$DURATION")
echo "$RESULT"
BALANCE=$(curl -sf "$BASE/api/v1/balance" "${AUTH[@]}")
echo "balance after the run: $BALANCE"

echo "baseline: pgbench, one-row insert per transaction, 8 clients, ${DURATION}s, same PostgreSQL (fsync on)"
export PGPASSWORD=postgres
psql -q -h localhost -p "$PG_PORT" -U postgres -d postgres -c 'create table if not exists bench_baseline (id bigserial primary key, v int not null)'
echo 'insert into bench_baseline (v) values (1);' > "$DATA_DIR/insert.sql"
TPS=$(pgbench -n -h localhost -p "$PG_PORT" -U postgres -c 8 -j 2 -T "$DURATION" -f "$DATA_DIR/insert.sql" postgres \
  | grep -E '^tps' | sed -E 's/tps = ([0-9.]+).*/\1/')
echo "pgbench_tps=$TPS"

ACCEPTED=$(echo "$RESULT" | grep accepted_per_s | cut -d= -f2)
P50=$(echo "$RESULT" | grep '^p50_ms' | cut -d= -f2)
P99=$(echo "$RESULT" | grep '^p99_ms' | cut -d= -f2)
LAG=$(echo "$RESULT" | grep list_lag_p50_ms | cut -d= -f2)
RATIO=$(awk "BEGIN { printf \"%.2f\", $ACCEPTED / $TPS }")
echo
echo "| date | machine | connections | accepted payouts/s | p50 ms | p99 ms | list visible after (p50 ms) | pgbench tps | ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
echo "| $(date -u +%Y-%m-%d) | $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GiB | $CONNECTIONS | $ACCEPTED | $P50 | $P99 | $LAG | ${TPS%.*} | $RATIO |"
