#!/usr/bin/env bash
# Cost as the data grows: see bench/README.md, "Scale", for the method and the settings.
#
#   bench/scale.sh                                     10,000 then 100,000 payouts over 100,000 drivers (about 40 min)
#   SCALE_SIZES=10000,100000,1000000 bench/scale.sh    up to a million (hours; about 20 GB of disk)
#   SCALE_DRIVERS=10000 SCALE_SIZES=10000 bench/scale.sh   a quick look
#
# Needs a JDK 17+, curl and psql (apt-get install postgresql-client). Results go to stdout and $BENCH_OUT.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/lib/settings.sh
RUN_LOG="$BENCH_OUT/scale-$BENCH_RUN_ID.log"
export PAYOUTS_MANAGEMENT_TOKEN=${PAYOUTS_MANAGEMENT_TOKEN:-scale-bench-metrics}
SERVICE_ENV=(PAYOUTS_RAIL_STANDARD_DELAY=${BENCH_RAIL_DELAY:-200ms} PAYOUTS_RAIL_INSTANT_DELAY=${BENCH_RAIL_DELAY:-200ms}
  PAYOUTS_MANAGEMENT_TOKEN="$PAYOUTS_MANAGEMENT_TOKEN")
source bench/lib/service.sh

{
  echo "scale bench $BENCH_RUN_ID, commit $(git log -1 --format=%h 2>/dev/null || echo '?'), jar $JAR"
  echo "machine: $(nproc) cores; $(uptime)"
} | tee "$RUN_LOG"
if [ -n "${SCALE_STORE:-}" ]; then
  # a store kept by an earlier run (SCALE_KEEP_STORE): rebuild the read models named, on a copy of it
  cp -a "$SCALE_STORE" "$DATA_DIR/postgres"
  start_service ${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
  java bench/ScaleBench.java rebuild ${SCALE_REBUILDS:-payout-projection} 2>&1 | tee -a "$RUN_LOG"
  exit "${PIPESTATUS[0]}"
fi
start_service ${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
java bench/ScaleBench.java 2>&1 | tee -a "$RUN_LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "the benchmark failed; service log: $BENCH_OUT/service-$BENCH_RUN_ID.log" >&2; exit 1; }
if [ -f "$BENCH_OUT/scale-rebuild-$BENCH_RUN_ID.jfr" ]; then
  java bench/JfrSummary.java "$BENCH_OUT/scale-rebuild-$BENCH_RUN_ID.jfr" --top 20 2>&1 | tee -a "$RUN_LOG"
fi

# start-up on the grown store: stop the service (its PostgreSQL stops with it), start it again, time until ready
stop_service
if [ -n "${SCALE_KEEP_STORE:-}" ]; then
  cp -a "$DATA_DIR/postgres" "$SCALE_KEEP_STORE" && echo "the grown store is copied to $SCALE_KEEP_STORE" | tee -a "$RUN_LOG"
fi
[ "${SCALE_MEASURE:-all}" != none ] || exit 0
started=$(date +%s.%N)
start_service ${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
until curl -sf "$BASE/management/health/readiness" >/dev/null; do sleep 0.2; done
echo "start-up on the grown store: ready in $(echo "$(date +%s.%N) - $started" | bc) s" | tee -a "$RUN_LOG"
java bench/ScaleBench.java reset 2>&1 | tee -a "$RUN_LOG"
echo "machine after the run: $(uptime)" | tee -a "$RUN_LOG"
